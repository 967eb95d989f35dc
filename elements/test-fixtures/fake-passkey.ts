/** The passkey part of the client double: the real state shape, with a script deciding what each ceremony does. */
import { TesseraError, type PasskeyFlowState, type PasskeyIntent, type TesseraClient, type User } from '../../src/core/index.js'
import { createStore } from '../../src/core/utils/store.js'

export interface PasskeyScript {
  /** What a ceremony of `intent` ends in: the user, or a rejection. Default: a new user. */
  run?(intent: PasskeyIntent): Promise<User>
  supported?: boolean
}

const idle: PasskeyFlowState = { status: 'initial', intent: 'login', error: null }

export function createFakePasskey(
  script: PasskeyScript,
  hooks: { defaultUser(): User; signIn(user: User): void; linked(user: User): void; unlinked(credentialId: string): User },
) {
  const state = createStore<PasskeyFlowState>(idle)
  const calls: PasskeyIntent[] = []
  const run = async (intent: PasskeyIntent): Promise<User> => {
    calls.push(intent)
    state.set({ status: 'awaiting-passkey', intent, error: null })
    try {
      const user = await (script.run ?? (async () => hooks.defaultUser()))(intent)
      state.set({ status: 'done', intent, error: null })
      if (intent === 'link') hooks.linked(user)
      else hooks.signIn(user)
      return user
    } catch (error) {
      state.set({ status: 'error', intent, error: TesseraError.is(error) ? error : null })
      throw error
    }
  }
  const passkey: TesseraClient['auth']['passkey'] = {
    getState: state.get,
    watchState: state.watch,
    login: () => run('login'),
    signup: () => run('signup'),
    link: () => run('link'),
    unlink: async (credentialId) => hooks.unlinked(credentialId),
    reset: () => state.set(idle),
    isSupported: () => script.supported ?? true,
  }
  return { state, calls, passkey }
}
