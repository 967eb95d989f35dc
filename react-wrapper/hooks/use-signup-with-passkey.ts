import type { PasskeyFlowState, User } from '../../src/core/index.js'
import { usePasskeyCeremony, type PasskeyCallbacks } from './use-passkey-ceremony.js'

export type UseSignupWithPasskeyOptions = PasskeyCallbacks<{ user: User; isNewUser: true; loginMethod: 'passkey' }>

export interface UseSignupWithPasskeyResult {
  /** Creates a passkey and a new user with it (the app must allow passkey sign-up). */
  signupWithPasskey(options?: { captchaToken?: string }): Promise<void>
  state: PasskeyFlowState
}

/** Headless passkey sign-up (the reference SDK's `useSignupWithPasskey`). */
export function useSignupWithPasskey(options: UseSignupWithPasskeyOptions = {}): UseSignupWithPasskeyResult {
  const { state, run } = usePasskeyCeremony('signup', options, (user) => ({ user, isNewUser: true as const, loginMethod: 'passkey' as const }))
  return { state, signupWithPasskey: run }
}
