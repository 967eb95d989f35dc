import type { ExternalSignature } from '../types.js'
import type { SignInClient } from './sign-in-context.js'

/** The address line of a SIWE or SIWS message (its second line). */
export const messageAddress = (message: string) => message.split('\n')[1] ?? ''

/** The client fields of a signature made outside the engine, `unknown` where the app does not say. */
export const externalClient = (input: Partial<ExternalSignature>): SignInClient => ({
  walletClientType: input.walletClientType ?? 'unknown',
  connectorType: input.connectorType ?? 'unknown',
})
