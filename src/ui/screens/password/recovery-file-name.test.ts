import { describe, expect, it } from 'vitest'
import { recoveryFileName } from './recovery-file-name.js'

describe('recovery file name (wallet spec, "Business constants and limits")', () => {
  it('is the app name lowercased, letters and dashes only, then -privy-wallet-recovery.txt', () => {
    expect(recoveryFileName('Tessera Dev')).toBe('tessera-dev-privy-wallet-recovery.txt')
    expect(recoveryFileName('Acme-App 2.0!')).toBe('acme-app--privy-wallet-recovery.txt')
    expect(recoveryFileName('ÉLAN')).toBe('lan-privy-wallet-recovery.txt')
  })
})
