import { describe, expect, it } from 'vitest'
import type { EmbeddedWalletsState } from '../../../core/index.js'
import { passwordFlowModeOf, startedAutomatically } from './flow.js'

const state = (status: EmbeddedWalletsState['status'], creating: EmbeddedWalletsState['creating'] = null): EmbeddedWalletsState => ({
  status,
  wallets: [],
  creating,
  error: null,
})

describe('the password flow', () => {
  it("creates the login's wallets when it opens while their creation waits, and sets a password on existing ones otherwise", () => {
    expect(passwordFlowModeOf(state('creating'))).toBe('create')
    // A creation already under way (no password asked) is not one to answer.
    expect(passwordFlowModeOf(state('creating', 'ethereum'))).toBe('set')
    for (const status of ['idle', 'ready', 'needs-password', 'connecting', 'error'] as const) expect(passwordFlowModeOf(state(status))).toBe('set')
  })

  it('counts as started automatically only when the product opened it', () => {
    expect(startedAutomatically({ intent: 'wallet', screen: 'password:create', automatic: true })).toBe(true)
    expect(startedAutomatically({ intent: 'wallet', screen: 'password:create' })).toBe(false)
    expect(startedAutomatically({ intent: 'login' })).toBe(false)
  })
})
