import { createContext, useContext } from 'react'
import type { TesseraClient } from '../src/core/index.js'
import type { AuthModalElement, AuthModalRequest } from '../elements/index.js'

export interface TesseraContextValue {
  client: TesseraClient
  /** Opens the provider's `<auth-modal>`: for sign-in by default, or to link or update one method. */
  openModal(request?: AuthModalRequest): void
  /** The provider's modal element, for hooks that listen to its events. */
  modal: AuthModalElement | null
}

export const TesseraContext = createContext<TesseraContextValue | null>(null)

export function useTesseraContext(): TesseraContextValue {
  const value = useContext(TesseraContext)
  if (!value) throw new Error('Tessera hooks must be used inside <TesseraProvider>')
  return value
}

/** The shared client of the surrounding provider. */
export function useTesseraClient(): TesseraClient {
  return useTesseraContext().client
}
