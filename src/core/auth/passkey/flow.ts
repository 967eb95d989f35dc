/**
 * The passkey flow (sign-in spec, "States and transitions": "Passkey"): initial → generating-challenge (the init call) → awaiting-passkey
 * (the browser's credential step) → submitting-response (the server call) → done | error.
 */
import { MAX_PASSKEYS_PER_USER, type AuthenticatedUserDto } from '../../../protocol/index.js'
import type { Transport } from '../../api/transport.js'
import { TesseraError } from '../../errors/base-error.js'
import { alreadyLoggedInError, exitedFlowError, mustBeAuthenticatedError } from '../../errors/client-errors.js'
import type { AccountChanges } from '../../session/types.js'
import type { PasskeyFlow, PasskeyFlowState, PasskeyFlowStatus, PasskeyIntent } from './types.js'
import type { User } from '../../user/types.js'
import type { PasskeyAccount } from './types.js'
import type { Store } from '../../utils/store.js'
import * as api from './api.js'
import { browserCeremony, type PasskeyCeremony } from './ceremony.js'
import { passkeyEnrolledInMfaError, toPasskeyError, webAuthnNotSupportedError } from './errors.js'
import { initialPasskeyFlowState } from './passkey.js'

export interface PasskeyFlowOptions {
  state: Store<PasskeyFlowState>
  transport: Transport
  isAuthenticated(): boolean
  getUser(): User | null
  /** The client's one sign-in path: stores the session and announces the login. */
  authenticate(login: () => Promise<AuthenticatedUserDto>): Promise<User>
  /** Stores the user a link or unlink answered with and announces the change. */
  accountChanges: AccountChanges
  /** Defaults to @simplewebauthn/browser. */
  ceremony?: PasskeyCeremony
}

type Progress = (status: PasskeyFlowStatus) => void

const cannotLinkMorePasskeysError = () => new TesseraError({ code: 'cannot_link_more_of_type', shortMessage: 'Cannot link more passkeys to account.' })
const passkeysOf = (user: User | null) => user?.linkedAccounts.filter((account): account is PasskeyAccount => account.type === 'passkey') ?? []

export function createPasskeyFlow(options: PasskeyFlowOptions): PasskeyFlow {
  const { state, transport } = options
  const ceremony = options.ceremony ?? browserCeremony
  // Bumped by reset(): a ceremony that settles after the modal closed must not revive the old state.
  let generation = 0

  async function run(intent: PasskeyIntent, steps: (progress: Progress) => Promise<User>): Promise<User> {
    const started = generation
    const exited = () => exitedFlowError(intent === 'link' ? 'link' : 'login')
    const progress: Progress = (status) => {
      if (started !== generation) throw exited()
      state.set({ status, intent, error: null })
    }
    try {
      if (intent === 'link' && !options.isAuthenticated()) throw mustBeAuthenticatedError()
      if (intent !== 'link' && options.isAuthenticated()) throw alreadyLoggedInError()
      if (!ceremony.isSupported()) throw webAuthnNotSupportedError()
      progress('generating-challenge')
      const user = await steps(progress)
      if (started === generation) state.set({ status: 'done', intent, error: null })
      return user
    } catch (caught) {
      if (started !== generation) throw exited()
      const error = toPasskeyError(caught)
      state.set({ status: 'error', intent, error })
      throw error
    }
  }

  const login: PasskeyFlow['login'] = ({ captchaToken } = {}) =>
    run('login', async (progress) => {
      const init = await api.authenticateInit(transport, captchaToken)
      progress('awaiting-passkey')
      const response = await ceremony.get(init.options)
      progress('submitting-response')
      const body = { relying_party: init.relying_party, challenge: init.options.challenge, authenticator_response: response }
      return options.authenticate(() => api.authenticate(transport, body))
    })

  const signup: PasskeyFlow['signup'] = ({ captchaToken } = {}) =>
    run('signup', async (progress) => {
      const init = await api.registerInit(transport, captchaToken)
      progress('awaiting-passkey')
      const response = await ceremony.create(init.options)
      progress('submitting-response')
      return options.authenticate(() => api.register(transport, { relying_party: init.relying_party, authenticator_response: response }))
    })

  const link: PasskeyFlow['link'] = () =>
    run('link', async (progress) => {
      // Sign-in spec, "Validation rules": at most 5 passkeys; the server enforces it too.
      if (passkeysOf(options.getUser()).length >= MAX_PASSKEYS_PER_USER) throw cannotLinkMorePasskeysError()
      const init = await api.linkInit(transport)
      progress('awaiting-passkey')
      const response = await ceremony.create(init.options)
      progress('submitting-response')
      const dto = await api.link(transport, { relying_party: init.relying_party, authenticator_response: response })
      return options.accountChanges.linked(dto, 'passkey', response.id)
    })

  async function unlink(credentialId: string): Promise<User> {
    if (!options.isAuthenticated()) throw mustBeAuthenticatedError()
    const stored = passkeysOf(options.getUser()).find((account) => account.credentialId === credentialId)
    if (stored?.enrolledInMfa) throw passkeyEnrolledInMfaError()
    return options.accountChanges.unlinked(await api.unlink(transport, credentialId), 'passkey')
  }

  function reset() {
    generation++
    ceremony.cancel()
    state.set(initialPasskeyFlowState)
  }

  return { login, signup, link, unlink, reset }
}
