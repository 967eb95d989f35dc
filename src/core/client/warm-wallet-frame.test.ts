import { afterEach, describe, expect, it, vi } from 'vitest'
import { startEmbeddedTestbed, type EmbeddedTestbed } from '../wallets/embedded/test-support/embedded-client.js'

describe('the wallet frame loads while a sign-in code is on its way', () => {
  let testbed: EmbeddedTestbed
  afterEach(() => testbed.close())

  const sendCode = async () => {
    const client = testbed.newClient()
    await client.ready
    await client.auth.email.sendCode('ada@example.com')
  }

  it('for an app that creates wallets at login, once the code is sent and before it is entered', async () => {
    testbed = await startEmbeddedTestbed({ embedded: { ethereum: { create_on_login: 'all-users' } } })
    await sendCode()
    // The embedded-wallet code loads first (a dynamic import), then the frame is asked for.
    await vi.waitFor(() => expect(testbed.frame.warmUps).toBe(1), { timeout: 5_000 })
    expect(testbed.frame.calls).toEqual([])
  })

  it('not for an app that creates none', async () => {
    testbed = await startEmbeddedTestbed({ embedded: { create_on_login: 'off', ethereum: { create_on_login: 'off' }, solana: { create_on_login: 'off' } } })
    await sendCode()
    // Longer than the loading takes in the case above.
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    expect(testbed.frame.warmUps).toBe(0)
  })
})
