import type { PasskeyFlowState, User } from '../../src/core/index.js'
import { usePasskeyCeremony, type PasskeyCallbacks } from './use-passkey-ceremony.js'

export type UseLoginWithPasskeyOptions = PasskeyCallbacks<{ user: User; isNewUser: false; loginMethod: 'passkey' }>

export interface UseLoginWithPasskeyResult {
  /** Signs in with a passkey the app already knows (the browser asks the user to pick one). */
  loginWithPasskey(options?: { captchaToken?: string }): Promise<void>
  state: PasskeyFlowState
}

/** Headless passkey sign-in (the reference SDK's `useLoginWithPasskey`). */
export function useLoginWithPasskey(options: UseLoginWithPasskeyOptions = {}): UseLoginWithPasskeyResult {
  const { state, run } = usePasskeyCeremony('login', options, (user) => ({ user, isNewUser: false as const, loginMethod: 'passkey' as const }))
  return { state, loginWithPasskey: run }
}
