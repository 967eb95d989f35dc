import { lazy } from 'react'

/** The code boxes email and SMS share, loaded when first shown. */
export const CodeEntry = lazy(() => import('./code-entry.js'))
