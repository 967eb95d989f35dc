import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { MfaSubmission } from '../../protocol/index.js'
import { TesseraError } from '../errors/base-error.js'
import { frameError } from '../errors/embedded-wallet-errors.js'
import { createStore } from '../utils/store.js'
import { createMfaChallenges, type MfaRequiredListener } from './challenge.js'
import type { MfaAnswer, MfaState } from './types.js'

/**
 * A gated wallet operation as the wallet frame answers it: refused with `missing_or_invalid_mfa` until an answer
 * with the right code was verified in this session; `failWith` makes the frame answer an answer with another error.
 */
function fakeFrame(options: { code?: string; callMs?: number } = {}) {
  const calls: (MfaSubmission | undefined)[] = []
  let verified = false
  let failWith: TesseraError | null = null
  const run = async (mfa?: MfaSubmission) => {
    calls.push(mfa)
    if (options.callMs) await new Promise((resolve) => setTimeout(resolve, options.callMs))
    if (mfa) {
      if (failWith) throw failWith
      if (mfa.method === 'passkey' || mfa.code !== (options.code ?? '123456')) throw frameError('missing_or_invalid_mfa', 'The code you entered is not valid')
      verified = true
    }
    if (!verified) throw frameError('missing_or_invalid_mfa', 'MFA verification required')
    return 'signed'
  }
  return { run, calls, failNext: (error: TesseraError) => void (failWith = error), forget: () => void (verified = false) }
}

let state: ReturnType<typeof createStore<MfaState>>
let listeners: Set<MfaRequiredListener>
let announced: unknown[]
let ceremony: () => Promise<MfaSubmission>
const setup = (timing: { codeWaitMs?: number; overallLimitMs?: number } = {}) => {
  state = createStore<MfaState>({ enrolled: ['totp', 'passkey'], challenge: null })
  listeners = new Set()
  announced = []
  ceremony = async () => ({ method: 'passkey', authenticatorResponse: { id: 'cred' } })
  return createMfaChallenges({
    state,
    listeners,
    announce: (event) => void announced.push(event),
    toSubmission: async (answer: MfaAnswer) => (answer.method === 'passkey' ? ceremony() : answer),
    ...timing,
  })
}
/** Lets the operation reach its wait for an answer. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
const totp = (code: string): MfaAnswer => ({ method: 'totp', code })

describe('withMfa', () => {
  it('runs an operation that needs no MFA once, raising nothing', async () => {
    const challenges = setup()
    await expect(challenges.withMfa('wallet-action', async (mfa) => (mfa ? 'answered' : 'plain'))).resolves.toBe('plain')
    expect(state.get().challenge).toBeNull()
    expect(announced).toEqual([])
  })

  it('on missing_or_invalid_mfa raises the challenge (the modal’s event without app listeners), retries with the answer, and submit() resolves once it passed', async () => {
    const challenges = setup()
    const frame = fakeFrame()
    const operation = challenges.withMfa('wallet-action', frame.run)
    await settle()
    expect(state.get().challenge).toEqual({ status: 'required', reason: 'wallet-action', attempt: 1, error: null, blocked: false, answeredByApp: false })
    expect(announced).toEqual([{ methods: ['totp', 'passkey'] }])
    const submitted = challenges.submit(totp('123456'))
    expect(state.get().challenge?.status).toBe('submitting')
    await expect(submitted).resolves.toBeUndefined()
    await expect(operation).resolves.toBe('signed')
    expect(frame.calls).toEqual([undefined, { method: 'totp', code: '123456' }])
    expect(state.get().challenge).toBeNull()
  })

  it('calls the app’s listeners instead of the modal’s event when there are some', async () => {
    const challenges = setup()
    const heard: unknown[] = []
    listeners.add((event) => heard.push(event))
    const operation = challenges.withMfa('wallet-action', fakeFrame().run)
    await settle()
    expect(heard).toEqual([{ methods: ['totp', 'passkey'] }])
    expect(announced).toEqual([])
    expect(state.get().challenge, "the modal's screens leave it to the app").toMatchObject({ status: 'required', answeredByApp: true })
    await challenges.submit(totp('123456'))
    await operation
  })

  it('a wrong code: submit() rejects with the invalid-code error, the challenge shows it (not blocking) and waits again', async () => {
    const challenges = setup()
    const operation = challenges.withMfa('wallet-action', fakeFrame().run)
    await settle()
    await expect(challenges.submit(totp('000000'))).rejects.toMatchObject({ code: 'missing_or_invalid_mfa', shortMessage: 'The code you entered is not valid' })
    expect(state.get().challenge).toMatchObject({ status: 'error', attempt: 2, blocked: false, error: { code: 'missing_or_invalid_mfa' } })
    await challenges.submit(totp('123456'))
    await expect(operation).resolves.toBe('signed')
    // The first announcement only.
    expect(announced).toHaveLength(1)
  })

  it('gives up after 4 runs of the operation: mfa_verification_max_attempts_reached, shown as blocking', async () => {
    const challenges = setup()
    const frame = fakeFrame()
    const operation = challenges.withMfa('wallet-action', frame.run)
    operation.catch(() => undefined)
    for (let answer = 1; answer <= 3; answer++) {
      await settle()
      await expect(challenges.submit(totp('000000'))).rejects.toMatchObject({ code: 'missing_or_invalid_mfa' })
    }
    await expect(operation).rejects.toMatchObject({ code: 'mfa_verification_max_attempts_reached', shortMessage: 'Max MFA verification attempts reached' })
    expect(frame.calls).toHaveLength(4)
    expect(state.get().challenge).toMatchObject({ status: 'error', blocked: true, error: { code: 'mfa_verification_max_attempts_reached' } })
    await expect(challenges.submit(totp('123456'))).rejects.toMatchObject({ code: 'missing_mfa_credentials' })
    challenges.cancel()
    expect(state.get().challenge).toBeNull()
  })

  it('an operation that asks up front (verify, unenroll) gets 4 answers', async () => {
    const challenges = setup()
    const frame = fakeFrame()
    const operation = challenges.withMfa('verify', frame.run, { askFirst: true })
    operation.catch(() => undefined)
    await settle()
    expect(frame.calls).toEqual([])
    expect(state.get().challenge).toMatchObject({ status: 'required', reason: 'verify', attempt: 1 })
    for (let answer = 1; answer <= 4; answer++) {
      await settle()
      await expect(challenges.submit(totp('111111'))).rejects.toMatchObject({ code: 'missing_or_invalid_mfa' })
    }
    await expect(operation).rejects.toMatchObject({ code: 'mfa_verification_max_attempts_reached' })
    expect(frame.calls).toHaveLength(4)
  })

  it('only missing_or_invalid_mfa retries: other errors end the operation (and reject submit())', async () => {
    const challenges = setup()
    const refused = frameError('insufficient_funds', 'Insufficient funds')
    await expect(challenges.withMfa('wallet-action', async () => Promise.reject(refused))).rejects.toBe(refused)
    expect(announced).toEqual([])

    const frame = fakeFrame()
    const operation = challenges.withMfa('wallet-action', frame.run)
    operation.catch(() => undefined)
    await settle()
    frame.failNext(frameError('error', 'Unable to sign'))
    await expect(challenges.submit(totp('123456'))).rejects.toMatchObject({ shortMessage: 'Unable to sign' })
    await expect(operation).rejects.toMatchObject({ shortMessage: 'Unable to sign' })
    expect(frame.calls).toHaveLength(2)
    expect(state.get().challenge).toBeNull()
  })

  it.each([
    [
      'rate limited (429)',
      frameError('error', 'Too many requests (HTTP 429)'),
      'too_many_requests',
      'You have exceeded the maximum number of attempts. Please close this window and try again in 10 seconds.',
    ],
    [
      'an expired SMS code',
      frameError('twilio_verification_failed', 'Code expired'),
      'expired_or_invalid_mfa_token',
      'You have exceeded the time limit for code entry. Please try again in 30 seconds.',
    ],
  ])('%s blocks: the operation and submit() reject with the spec’s copy', async (_, failure, code, copy) => {
    const challenges = setup()
    const frame = fakeFrame()
    const operation = challenges.withMfa('wallet-action', frame.run)
    operation.catch(() => undefined)
    await settle()
    frame.failNext(failure)
    await expect(challenges.submit(totp('123456'))).rejects.toMatchObject({ code, shortMessage: copy })
    await expect(operation).rejects.toMatchObject({ code, shortMessage: copy })
    expect(state.get().challenge).toMatchObject({ status: 'error', blocked: true, error: { code } })
    expect(frame.calls).toHaveLength(2)
  })

  it('cancel() ends the wait: the operation rejects with "Canceled MFA verification."', async () => {
    const challenges = setup()
    const operation = challenges.withMfa('wallet-action', fakeFrame().run)
    await settle()
    challenges.cancel()
    await expect(operation).rejects.toMatchObject({ code: 'missing_mfa_credentials', shortMessage: 'Canceled MFA verification.' })
    expect(state.get().challenge).toBeNull()
  })

  it('a failed passkey ceremony costs no attempt; a passkey answer is the ceremony’s assertion', async () => {
    const challenges = setup()
    const frame = fakeFrame()
    const operation = challenges.withMfa('wallet-action', frame.run)
    operation.catch(() => undefined)
    await settle()
    ceremony = async () => Promise.reject(new TesseraError({ code: 'passkey_not_allowed', shortMessage: 'The passkey request was not allowed' }))
    await expect(challenges.submit({ method: 'passkey' })).rejects.toMatchObject({ code: 'passkey_not_allowed' })
    expect(state.get().challenge).toMatchObject({ status: 'error', attempt: 1, blocked: false })
    ceremony = async () => ({ method: 'passkey', authenticatorResponse: { id: 'cred' } })
    await expect(challenges.submit({ method: 'passkey' })).rejects.toMatchObject({ code: 'missing_or_invalid_mfa' })
    expect(frame.calls[1]).toEqual({ method: 'passkey', authenticatorResponse: { id: 'cred' } })
    await challenges.submit(totp('123456'))
    await expect(operation).resolves.toBe('signed')
  })

  it('one challenge at a time: an operation refused meanwhile waits, then runs again without asking', async () => {
    const challenges = setup()
    const frame = fakeFrame()
    const first = challenges.withMfa('wallet-action', frame.run)
    const second = challenges.withMfa('wallet-action', frame.run)
    await settle()
    await challenges.submit(totp('123456'))
    await expect(Promise.all([first, second])).resolves.toEqual(['signed', 'signed'])
    expect(announced).toHaveLength(1)
    expect(frame.calls.filter(Boolean)).toHaveLength(1)
  })
})

describe('withMfa time limits (fake timers)', () => {
  beforeEach(() => void vi.useFakeTimers())
  afterEach(() => void vi.useRealTimers())

  it('waits 300 s for each answer, then rejects with mfa_timeout', async () => {
    const challenges = setup()
    const operation = challenges.withMfa('wallet-action', fakeFrame().run)
    let outcome: unknown = null
    operation.catch((error: unknown) => void (outcome = error))
    await vi.advanceTimersByTimeAsync(299_999)
    expect(outcome).toBeNull()
    expect(state.get().challenge?.status).toBe('required')
    await vi.advanceTimersByTimeAsync(1)
    expect(outcome).toMatchObject({ code: 'mfa_timeout', shortMessage: 'Timed out waiting for MFA code' })
    expect(state.get().challenge).toBeNull()
  })

  it('the wait restarts with each answer, and the whole verification ends at 1,260 s', async () => {
    const challenges = setup()
    // Each checked answer takes the frame a minute: four waits of 299 s would pass 1,260 s.
    const frame = fakeFrame({ callMs: 60_000 })
    const started = Date.now()
    const operation = challenges.withMfa('verify', frame.run, { askFirst: true })
    let endedAt = 0
    let outcome: unknown = null
    operation.catch((error: unknown) => {
      endedAt = Date.now()
      outcome = error
    })
    for (let answer = 1; answer <= 3; answer++) {
      await vi.advanceTimersByTimeAsync(299_000)
      const submitted = challenges.submit(totp('000000'))
      submitted.catch(() => undefined)
      await vi.advanceTimersByTimeAsync(60_000)
      await expect(submitted).rejects.toMatchObject({ code: 'missing_or_invalid_mfa' })
    }
    expect(outcome).toBeNull()
    await vi.advanceTimersByTimeAsync(300_000)
    expect(outcome).toMatchObject({ code: 'mfa_timeout' })
    expect(endedAt - started).toBe(1_260_000)
  })
})
