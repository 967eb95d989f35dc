import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { MfaMethodType } from '../../src/core/index.js'
import { startMfaClient, type MfaClientDouble } from '../test-support/mfa-client.js'
import { registerMfaListener, type MfaListenerCallbacks } from './use-register-mfa-listener.js'

let double: MfaClientDouble
beforeEach(async () => {
  double = await startMfaClient()
  await double.client.mfa.enrollTotp.init()
  await double.client.mfa.enrollTotp.submit('123456')
  // A new session of the frame: the next signature is challenged.
  double.frame.server.api.clearMfa()
})
afterEach(() => double.close())

describe('useRegisterMfaListener', () => {
  it('while registered the app hears the challenge (the latest callbacks) and the modal’s event stays quiet; unregistered, the modal’s event fires', async () => {
    const heard: string[] = []
    const modal: unknown[] = []
    double.client.on('walletPrompt', (event) => modal.push(event))
    let callbacks: MfaListenerCallbacks = { onMfaRequired: () => heard.push('stale') }
    const unregister = registerMfaListener(double.client, () => callbacks)
    callbacks = { onMfaRequired: (methods: MfaMethodType[]) => heard.push(`methods:${methods.join()}`) }

    const first = double.client.embeddedWallets.signMessage({ message: 'one', uiOptions: { showWalletUIs: false } })
    // The challenge comes after the frame's round trips: waited for, not slept on (a busy machine is slow).
    await vi.waitFor(() => expect(heard).toEqual(['methods:totp']), { timeout: 5000 })
    expect(modal).toEqual([])
    await double.client.mfa.submit({ method: 'totp', code: '123456' })
    await first

    unregister()
    double.frame.server.api.clearMfa()
    const second = double.client.embeddedWallets.signMessage({ message: 'two', uiOptions: { showWalletUIs: false } })
    await vi.waitFor(() => expect(modal).toHaveLength(1), { timeout: 5000 })
    expect(heard).toHaveLength(1)
    double.client.mfa.cancel()
    await expect(second).rejects.toMatchObject({ code: 'missing_mfa_credentials' })
  })
})
