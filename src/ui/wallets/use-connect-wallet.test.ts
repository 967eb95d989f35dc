import { describe, expect, it } from 'vitest'
import { walletIntent } from './use-connect-wallet.js'

describe('walletIntent', () => {
  it('links for a link request and for connect-or-create once signed in; else signs in', () => {
    expect(walletIntent({ intent: 'login' }, false)).toBe('login')
    expect(walletIntent({ intent: 'link', method: 'wallet' }, true)).toBe('link')
    expect(walletIntent({ intent: 'connect-or-create' }, false)).toBe('login')
    expect(walletIntent({ intent: 'connect-or-create' }, true)).toBe('link')
  })
})
