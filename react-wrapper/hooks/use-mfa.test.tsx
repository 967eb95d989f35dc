import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { MfaState } from '../../src/core/index.js'
import { startMfaClient, type MfaClientDouble } from '../test-support/mfa-client.js'
import { useMfa, type UseMfaResult } from '../index.js'

let double: MfaClientDouble
beforeEach(async () => {
  double = await startMfaClient()
})
afterEach(() => double.close())

function renderHook(): UseMfaResult {
  let hook: UseMfaResult | undefined
  function Probe() {
    hook = useMfa()
    return null
  }
  double.render(<Probe />)
  return hook!
}

const challengeWhere = (condition: (challenge: MfaState['challenge']) => boolean) =>
  new Promise<void>((resolve) => {
    if (condition(double.client.mfa.getState().challenge)) return resolve()
    const stop = double.client.mfa.watchState(({ challenge }) => condition(challenge) && (stop(), resolve()))
  })

describe('useMfa', () => {
  it('shows the user’s methods and the pending challenge, and answers it: the waiting signature goes through', async () => {
    await double.client.mfa.enrollTotp.init()
    await double.client.mfa.enrollTotp.submit('123456')
    expect(renderHook()).toMatchObject({ mfaMethods: ['totp'], challenge: null })

    const signing = double.client.embeddedWallets.signMessage({ message: 'gm' })
    await challengeWhere((challenge) => challenge?.status === 'required')
    const hook = renderHook()
    expect(hook.challenge).toMatchObject({ status: 'required', reason: 'wallet-action', attempt: 1, blocked: false })
    await hook.init('totp')
    await expect(hook.submit({ method: 'totp', code: '999999' })).rejects.toMatchObject({ code: 'missing_or_invalid_mfa' })
    expect(renderHook().challenge).toMatchObject({ status: 'error', attempt: 2, error: { shortMessage: 'The code you entered is not valid' } })
    await hook.submit({ method: 'totp', code: '123456' })
    await expect(signing).resolves.toMatchObject({ signature: expect.stringMatching(/^0x/) })
    expect(renderHook().challenge).toBeNull()
  })

  it('init("sms") sends the code to the enrolled phone; cancel() ends the wait', async () => {
    double.frame.server.enrollMfa(double.userId, 'sms')
    const signing = double.client.embeddedWallets.signMessage({ message: 'gm' })
    await challengeWhere((challenge) => challenge?.status === 'required')
    const hook = renderHook()
    await hook.init('sms')
    expect(double.api.calls('/api/v1/mfa/passwordless_sms/init').map((request) => request.body)).toEqual([{ action: 'verify' }])
    hook.cancel()
    await expect(signing).rejects.toMatchObject({ shortMessage: 'Canceled MFA verification.' })
    expect(renderHook().challenge).toBeNull()
  })
})
