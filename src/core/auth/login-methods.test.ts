import { describe, expect, it } from 'vitest'
import { walletSignIn } from '../wallets/sign-in.js'
import { landingDisplayOrder, loginMethods } from './login-methods.js'

describe('the landing display order', () => {
  it('holds every sign-in that has landing entries, once, and nothing else', () => {
    const withLanding = [...loginMethods, walletSignIn].filter((signIn) => signIn.landing)
    expect(new Set(landingDisplayOrder).size).toBe(landingDisplayOrder.length)
    expect(landingDisplayOrder).toHaveLength(withLanding.length)
    for (const signIn of withLanding) expect(landingDisplayOrder).toContain(signIn)
  })
})
