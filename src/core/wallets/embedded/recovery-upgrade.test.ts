import { describe, expect, it } from 'vitest'
import type { RecoveryMethod } from '../../../protocol/index.js'
import { assertRecoveryUpgrade } from './recovery-upgrade.js'

const outcome = (from: RecoveryMethod, to: string) => {
  try {
    assertRecoveryUpgrade(from, to)
    return 'allowed'
  } catch (error) {
    const { code, shortMessage } = error as { code: string; shortMessage: string }
    return `${code}: ${shortMessage}`
  }
}

describe('recovery upgrade rules (wallet spec, "States and transitions")', () => {
  it('allows privy, user-passcode and recovery-encryption-key to move to any method this client can set', () => {
    for (const from of ['privy', 'user-passcode', 'recovery-encryption-key'] as const)
      for (const to of ['privy', 'user-passcode', 'google-drive', 'icloud']) expect(outcome(from, to)).toBe('allowed')
  })

  it('allows a cloud platform to move anywhere but to itself', () => {
    expect(outcome('google-drive', 'user-passcode')).toBe('allowed')
    expect(outcome('icloud', 'privy')).toBe('allowed')
    expect(outcome('icloud', 'google-drive')).toBe('allowed')
    expect(outcome('google-drive', 'icloud')).toBe('allowed')
    expect(outcome('google-drive', 'google-drive')).toBe('unsupported_recovery_method: Cannot upgrade to the existing cloud platform')
    expect(outcome('icloud', 'icloud')).toBe('unsupported_recovery_method: Cannot upgrade to the existing cloud platform')
  })

  it('refuses other methods, unknown targets and server-managed (privy-v2) wallets', () => {
    expect(outcome('icloud-native', 'user-passcode')).toBe('unsupported_recovery_method: Unknown recovery method')
    expect(outcome('privy', 'carrier-pigeon')).toBe('unsupported_recovery_method: Unknown recovery method')
    expect(outcome('privy-v2', 'user-passcode')).toMatch(/^unsupported_recovery_method: /)
  })
})
