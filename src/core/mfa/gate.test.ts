import { describe, expect, it } from 'vitest'
import type { MfaSubmission } from '../../protocol/index.js'
import { frameError } from '../errors/embedded-wallet-errors.js'
import { createStore } from '../utils/store.js'
import { createMfaChallenges } from './challenge.js'
import { mfaGate } from './gate.js'
import type { MfaImpl } from './mfa.js'
import type { MfaState } from './types.js'

function loader() {
  const state = createStore<MfaState>({ enrolled: ['totp'], challenge: null })
  const challenges = createMfaChallenges({ state, listeners: new Set(), announce: () => {}, toSubmission: async (answer) => answer as MfaSubmission })
  let loads = 0
  const load = async () => {
    loads++
    return { withMfa: challenges.withMfa } as MfaImpl
  }
  return { load, challenges, state, loads: () => loads }
}

describe('mfaGate', () => {
  it('runs a call once and loads nothing when MFA is not asked for; other errors pass through', async () => {
    const mfa = loader()
    const gate = mfaGate(mfa.load)
    await expect(gate(async () => 'signed')).resolves.toBe('signed')
    const refused = frameError('wallet_not_on_device', 'Wallet not found on this device')
    await expect(gate(async () => Promise.reject(refused))).rejects.toBe(refused)
    expect(mfa.loads()).toBe(0)
  })

  it('on missing_or_invalid_mfa loads the challenge, which counts that run as the first attempt', async () => {
    const mfa = loader()
    const calls: (MfaSubmission | undefined)[] = []
    const run = async (answer?: MfaSubmission) => {
      calls.push(answer)
      if (!answer) throw frameError('missing_or_invalid_mfa', 'MFA verification required')
      return 'signed'
    }
    const signing = mfaGate(mfa.load)(run)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(mfa.state.get().challenge).toMatchObject({ status: 'required', attempt: 1 })
    await mfa.challenges.submit({ method: 'totp', code: '123456' })
    await expect(signing).resolves.toBe('signed')
    expect(calls).toEqual([undefined, { method: 'totp', code: '123456' }])
    expect(mfa.loads()).toBe(1)
  })
})
