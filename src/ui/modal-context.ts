import { createContext, useContext } from 'react'
import type { TesseraClient, TesseraError } from '../core/index.js'
import type { ErrorRoute, ErrorStep } from './errors/route-error.js'
import type { Navigation } from './navigation/navigation.js'

export interface ModalContextValue {
  client: TesseraClient
  navigation: Navigation
  standalone: boolean
  close(): void
  /** Shows the error screen for `error` and reports it to the host. */
  showError(error: TesseraError): void
  /**
   * Reports a failed step to the host and opens the error screen unless the error is shown inline;
   * returns where it goes, so the screen can show its inline state.
   */
  handleError(caught: unknown, step: ErrorStep): ErrorRoute['kind']
  /** The error the error screen shows. */
  error: TesseraError | null
}

export const ModalContext = createContext<ModalContextValue | null>(null)

export function useModal(): ModalContextValue {
  const value = useContext(ModalContext)
  if (!value) throw new Error('useModal must be used inside the auth modal')
  return value
}
