/**
 * Test-only `client.mfa` double (never shipped): the contract's state shape (src/core/mfa/types.ts) over a script,
 * with the challenge the core raises for a gated call, so the MFA screens can be driven in Chromium without the
 * wallet frame or the server.
 */
import { TesseraError, type User } from '../../src/core/index.js'
import type { MfaAnswer, MfaApi, MfaMethodType, MfaState, TotpEnrollment } from '../../src/core/mfa/types.js'
import { MFA_ATTEMPTS } from '../../src/protocol/index.js'
// The core's own observable value: the double's state behaves like the real client's.
import { createStore } from '../../src/core/utils/store.js'

export interface MfaScript {
  /** The user's enrolled methods at the start. */
  enrolled?: MfaMethodType[]
  /** Checks an answer: resolves when it passes, rejects with the error the core would raise. Default: code '123456' or any passkey. */
  check?(answer: MfaAnswer): Promise<void>
  /** The retried operation fails on its own account after the answer passed (the core then rejects `submit` with it). */
  operationError?(): TesseraError
  /** What the SMS send does (default: sent). */
  sendSmsCode?(): Promise<void>
  /** What an enrolment step does after its verification (default: succeeds; TOTP confirms with '654321'). */
  enrol?(step: 'totp-init' | 'totp-submit' | 'sms-init' | 'sms-submit' | 'passkeys' | 'unenroll', input: unknown): Promise<void>
}

export interface FakeMfa extends MfaApi {
  /** A gated wallet operation: raises the challenge (as `withMfa` does) and settles with it. */
  walletAction(): Promise<void>
  calls: { submitted: MfaAnswer[]; smsSent: number; canceled: number; verified: number; enrolment: { step: string; input: unknown }[] }
}

export const FAKE_TOTP: TotpEnrollment = {
  secret: 'JBSWY3DPEHPK3PXP',
  authUrl: 'otpauth://totp/Fixture%20App:ada@example.com?secret=JBSWY3DPEHPK3PXP&issuer=Fixture%20App&algorithm=SHA1&digits=6&period=30',
}

const invalidCode = () => new TesseraError({ code: 'missing_or_invalid_mfa', shortMessage: 'The code you entered is not valid' })
const maxAttempts = () => new TesseraError({ code: 'mfa_verification_max_attempts_reached', shortMessage: 'Max MFA verification attempts reached' })
const canceled = () => new TesseraError({ code: 'missing_mfa_credentials', shortMessage: 'Canceled MFA verification.' })

/** `onUser` receives the user after each enrolment change, as the client's auth state would. */
export function createFakeMfa(script: MfaScript, hooks: { user(): User; onUser(user: User): void }): FakeMfa {
  const state = createStore<MfaState>({ enrolled: script.enrolled ?? [], challenge: null })
  const calls: FakeMfa['calls'] = { submitted: [], smsSent: 0, canceled: 0, verified: 0, enrolment: [] }
  const required = new Set<(event: { methods: MfaMethodType[] }) => void>()
  let pending: { resolve(): void; reject(error: unknown): void; answersAllowed: number } | null = null

  const check =
    script.check ??
    (async (answer: MfaAnswer) => {
      if (answer.method !== 'passkey' && answer.code !== '123456') throw invalidCode()
    })

  /**
   * The core's challenge (src/core/mfa/challenge.ts): 'required' until an answer passes; a refused first run counts
   * as an attempt unless the call asked first; the last failed attempt, or a blocking error, leaves the challenge
   * blocked on screen until `cancel()`.
   */
  function challenge(reason: NonNullable<MfaState['challenge']>['reason'], askFirst: boolean): Promise<void> {
    state.set({ ...state.get(), challenge: { status: 'required', reason, attempt: 1, error: null, blocked: false } })
    for (const listener of required) listener({ methods: state.get().enrolled })
    return new Promise<void>((resolve, reject) => {
      pending = { resolve, reject, answersAllowed: askFirst ? MFA_ATTEMPTS : MFA_ATTEMPTS - 1 }
    })
  }
  const gated = async <T>(step: NonNullable<Parameters<NonNullable<MfaScript['enrol']>>[0]>, input: unknown, run: () => T, always = false): Promise<T> => {
    if (always || state.get().enrolled.length > 0) await challenge('enrollment-change', always)
    calls.enrolment.push({ step, input })
    await script.enrol?.(step, input)
    return run()
  }
  const setEnrolled = (enrolled: MfaMethodType[]) => {
    state.set({ ...state.get(), enrolled })
    const user = { ...hooks.user(), mfaMethods: enrolled.map((type) => ({ type, verifiedAt: new Date(0) })) }
    hooks.onUser(user)
    return user
  }
  const add = (method: MfaMethodType) => setEnrolled([...state.get().enrolled.filter((type) => type !== method), method])

  return {
    calls,
    getState: state.get,
    watchState: state.watch,
    onMfaRequired(listener) {
      required.add(listener)
      return () => void required.delete(listener)
    },
    walletAction: () => challenge('wallet-action', false),
    async sendSmsCode() {
      calls.smsSent++
      await script.sendSmsCode?.()
    },
    async submit(answer) {
      calls.submitted.push(answer)
      const current = state.get().challenge
      if (!pending || !current || current.status === 'submitting')
        throw new TesseraError({ code: 'missing_mfa_credentials', shortMessage: 'No MFA verification is pending' })
      state.set({ ...state.get(), challenge: { ...current, status: 'submitting', error: null } })
      try {
        await check(answer)
      } catch (caught) {
        const error = TesseraError.is(caught) ? caught : invalidCode()
        // A failed passkey ceremony costs no attempt.
        if (answer.method === 'passkey' && error.code !== 'missing_or_invalid_mfa') {
          state.set({ ...state.get(), challenge: { ...current, status: 'error', error } })
          throw error
        }
        const exhausted = error.code === 'missing_or_invalid_mfa' && current.attempt >= pending.answersAllowed
        const blocking = error.code !== 'missing_or_invalid_mfa' ? error : exhausted ? maxAttempts() : null
        if (blocking) {
          state.set({ ...state.get(), challenge: { ...current, status: 'error', error: blocking, blocked: true } })
          pending.reject(blocking)
          pending = null
        } else state.set({ ...state.get(), challenge: { ...current, status: 'error', attempt: current.attempt + 1, error, blocked: false } })
        throw error
      }
      state.set({ ...state.get(), challenge: null })
      calls.verified++
      const failure = script.operationError?.()
      if (failure) pending.reject(failure)
      else pending.resolve()
      pending = null
      if (failure) throw failure
    },
    cancel() {
      calls.canceled++
      pending?.reject(canceled())
      pending = null
      state.set({ ...state.get(), challenge: null })
    },
    verify: () => challenge('verify', true),
    enrollTotp: {
      init: () => gated('totp-init', null, () => FAKE_TOTP),
      async submit(code) {
        calls.enrolment.push({ step: 'totp-submit', input: code })
        await (
          script.enrol ??
          (async (_step: string, input: unknown) => {
            if (input !== '654321') throw invalidCode()
          })
        )('totp-submit', code)
        return add('totp')
      },
    },
    enrollSms: {
      init: (phoneNumber) => gated('sms-init', phoneNumber, () => undefined),
      async submit(input) {
        calls.enrolment.push({ step: 'sms-submit', input })
        await script.enrol?.('sms-submit', input)
        return add('sms')
      },
    },
    enrollPasskeys: (credentialIds) =>
      gated('passkeys', credentialIds, () => {
        const user = hooks.user()
        const linkedAccounts = user.linkedAccounts.map((account) =>
          account.type === 'passkey' ? { ...account, enrolledInMfa: credentialIds.includes(account.credentialId) } : account,
        )
        hooks.onUser({ ...user, linkedAccounts })
        return credentialIds.length > 0 ? add('passkey') : setEnrolled(state.get().enrolled.filter((type) => type !== 'passkey'))
      }),
    unenroll: (method) => gated('unenroll', method, () => setEnrolled(state.get().enrolled.filter((type) => type !== method)), true),
  }
}
