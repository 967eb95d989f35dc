/**
 * `client.mfa` once loaded (wallet spec, "Screens and routes" and "States and transitions"): the challenge of gated wallet operations, explicit verification,
 * and enrolment and removal of methods. Everything that touches an MFA token goes through the wallet frame; the
 * client itself only asks the server to send an SMS code and for a passkey challenge.
 */
import type { FrameRequestData, FrameResponseData, MfaSubmission, UserDto } from '../../protocol/index.js'
import type { Listener, Unsubscribe } from '../listener.js'
import type { User } from '../user/types.js'
import type { Store } from '../utils/store.js'
import { createMfaChallenges, type MfaChallengeDeps, type MfaChallenges, type MfaGatedCall, type MfaRequiredListener } from './challenge.js'
import type { MfaApi, MfaMethodType, MfaState } from './types.js'

type MfaEvent = 'mfa:verify' | 'mfa:init-enrollment' | 'mfa:submit-enrollment' | 'mfa:unenroll'
type WithoutToken<E extends MfaEvent> = FrameRequestData[E] extends infer Data ? (Data extends unknown ? Omit<Data, 'accessToken'> : never) : never

export interface MfaDeps extends Pick<MfaChallengeDeps, 'codeWaitMs' | 'overallLimitMs'> {
  state: Store<MfaState>
  listeners: ReadonlySet<MfaRequiredListener>
  getUser(): User | null
  watchUser(listener: Listener<User | null>): Unsubscribe
  /** No app listener: the client event the modal opens its 'Verify your identity' screens on. */
  announce(event: { methods: MfaMethodType[] }): void
  /** A call to the wallet frame with the session's access token (the frame the wallets use: it holds the MFA token). */
  frame<E extends MfaEvent>(event: E, data: WithoutToken<E>): Promise<FrameResponseData[E]>
  replaceUser(dto: UserDto): Promise<User>
  /** mfa/passwordless_sms/init {action: 'verify'}: a code to the user's enrolled MFA phone. */
  sendSmsCode(): Promise<void>
  /** mfa/passkeys/init, then the WebAuthn assertion in the host page (wire snake_case). */
  passkeyAssertion(): Promise<Extract<MfaSubmission, { method: 'passkey' }>>
  /** E.164 from what the user typed (the app's default country for national numbers). */
  normalizePhoneNumber(raw: string): Promise<string>
}

export interface MfaImpl extends Omit<MfaApi, 'getState' | 'watchState' | 'onMfaRequired'> {
  /** Embedded wallets run their gated frame calls through this (see gate.ts). */
  withMfa: MfaChallenges['withMfa']
  destroy(): void
}

const enrolledOf = (user: User | null): MfaMethodType[] => user?.mfaMethods.map((method) => method.type) ?? []

export function createMfa(deps: MfaDeps): MfaImpl {
  const { state } = deps
  const challenges = createMfaChallenges({
    ...deps,
    toSubmission: async (answer) => (answer.method === 'passkey' ? deps.passkeyAssertion() : { method: answer.method, code: answer.code.replace(/\s+/g, '') }),
  })

  const sync = (user: User | null) => {
    const enrolled = enrolledOf(user)
    state.update((current) => (current.enrolled.join() === enrolled.join() ? current : { ...current, enrolled }))
  }
  sync(deps.getUser())
  const stopWatchingUser = deps.watchUser((user, previous) => {
    // Another session's challenge is not this one's to answer.
    if (user?.id !== previous?.id) challenges.cancel()
    sync(user)
  })

  const enrollmentChange = async (run: MfaGatedCall<{ user: UserDto }>, askFirst = false): Promise<User> => {
    const { user } = await challenges.withMfa('enrollment-change', run, { askFirst })
    return deps.replaceUser(user)
  }

  return {
    withMfa: challenges.withMfa,
    submit: challenges.submit,
    cancel: challenges.cancel,
    sendSmsCode: () => deps.sendSmsCode(),
    async verify() {
      await challenges.withMfa('verify', (mfa) => deps.frame('mfa:verify', { mfa: mfa! }), { askFirst: true })
    },
    enrollTotp: {
      async init() {
        const started = await challenges.withMfa('enrollment-change', (mfa) => deps.frame('mfa:init-enrollment', { method: 'totp', ...(mfa && { mfa }) }))
        if (started.method !== 'totp') throw new TypeError('The wallet frame answered another MFA method')
        return { secret: started.totpSecret, authUrl: started.totpAuthUrl }
      },
      submit: (code) => enrollmentChange((mfa) => deps.frame('mfa:submit-enrollment', { method: 'totp', code: code.replace(/\s+/g, ''), ...(mfa && { mfa }) })),
    },
    enrollSms: {
      async init(phoneNumber) {
        const normalized = await deps.normalizePhoneNumber(phoneNumber)
        await challenges.withMfa('enrollment-change', (mfa) =>
          deps.frame('mfa:init-enrollment', { method: 'sms', phoneNumber: normalized, ...(mfa && { mfa }) }),
        )
      },
      async submit({ phoneNumber, code }) {
        const normalized = await deps.normalizePhoneNumber(phoneNumber)
        return enrollmentChange((mfa) =>
          deps.frame('mfa:submit-enrollment', { method: 'sms', phoneNumber: normalized, code: code.replace(/\s+/g, ''), ...(mfa && { mfa }) }),
        )
      },
    },
    enrollPasskeys: (credentialIds) =>
      enrollmentChange((mfa) => deps.frame('mfa:submit-enrollment', { method: 'passkey', credentialIds, ...(mfa && { mfa }) })),
    // Removing a method always asks first (wallet spec, "States and transitions": verify before removing).
    unenroll: (method) => enrollmentChange((mfa) => deps.frame('mfa:unenroll', { method, ...(mfa && { mfa }) }), true),
    destroy() {
      stopWatchingUser()
      challenges.cancel()
    },
  }
}
