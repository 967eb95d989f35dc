'use client'
// The client boundary: TesseraProvider holds state and context, so it renders inside a client component.
import type { ReactNode } from 'react'
import { TesseraProvider } from 'tessera/react'

export function Providers({ appId, apiUrl, children }: { appId: string; apiUrl?: string; children: ReactNode }) {
  return (
    <TesseraProvider appId={appId} apiUrl={apiUrl}>
      {children}
    </TesseraProvider>
  )
}
