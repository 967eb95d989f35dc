import type { PasskeyFlowState, User } from '../../src/core/index.js'
import { usePasskeyCeremony, type PasskeyCallbacks } from './use-passkey-ceremony.js'

export type UseLinkWithPasskeyOptions = PasskeyCallbacks<{ user: User; linkMethod: 'passkey' }>

export interface UseLinkWithPasskeyResult {
  /** Adds a new passkey to the signed-in user (at most 5). */
  linkWithPasskey(): Promise<void>
  state: PasskeyFlowState
}

/** Headless passkey linking (the reference SDK's `useLinkWithPasskey`). */
export function useLinkWithPasskey(options: UseLinkWithPasskeyOptions = {}): UseLinkWithPasskeyResult {
  const { state, run } = usePasskeyCeremony('link', options, (user) => ({ user, linkMethod: 'passkey' as const }))
  return { state, linkWithPasskey: () => run() }
}
