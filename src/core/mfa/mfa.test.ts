import { verifyMessage, type Hex } from 'viem'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createClient } from '../client.js'
import { createMemoryStorage } from '../session/storage.js'
import { startFakeApi, type FakeApi } from '../test-support/api-server.js'
import { apiRoutes } from '../test-support/fake-routes.js'
import { appConfigDto, TEST_APP_ID, TEST_OTP, userDto } from '../test-support/fixtures.js'
import type { TesseraClient } from '../types.js'
import type { FramePage } from '../wallets/embedded/frame-client.js'
import type { MfaState } from './types.js'
import { frameOverShareServer } from './test-support/frame-over-share-server.js'

const userId = userDto().id
let api: FakeApi
let client: TesseraClient
let frame: ReturnType<typeof frameOverShareServer>

beforeEach(async () => {
  frame = frameOverShareServer(TEST_APP_ID, userId)
  api = await startFakeApi(
    apiRoutes({
      [`GET /api/v1/apps/${TEST_APP_ID}`]: () => ({ body: appConfigDto() }),
      'POST /api/v1/mfa/passwordless_sms/init': () => ({ body: {} }),
    }),
  )
  client = createClient({
    appId: TEST_APP_ID,
    apiUrl: api.url,
    storage: createMemoryStorage(),
    locks: null,
    retryDelay: () => 1,
    embeddedWallets: { page: {} as FramePage, createFrameClient: () => frame.frame },
  })
  await client.ready
  await client.auth.email.sendCode('ada@example.com')
  await client.auth.email.loginWithCode(TEST_OTP)
})
afterEach(async () => {
  client.destroy()
  await api.close()
})

const challengeWhere = (condition: (challenge: MfaState['challenge']) => boolean) =>
  new Promise<MfaState['challenge']>((resolve) => {
    if (condition(client.mfa.getState().challenge)) return resolve(client.mfa.getState().challenge)
    const stop = client.mfa.watchState(({ challenge }) => {
      if (!condition(challenge)) return
      stop()
      resolve(challenge)
    })
  })

describe('client.mfa over the wallet frame', () => {
  it('enrols TOTP, then a signature raises the challenge (the modal’s event), a wrong code shows, the right one signs', async () => {
    const wallet = await client.embeddedWallets.create()
    const totp = await client.mfa.enrollTotp.init()
    expect(totp).toEqual({ secret: 'JBSWY3DPEHPK3PXP', authUrl: expect.stringMatching(/^otpauth:\/\//) })
    const user = await client.mfa.enrollTotp.submit(' 123 456 ')
    expect(user.mfaMethods.map((method) => method.type)).toEqual(['totp'])
    expect(client.getAuth().user?.mfaMethods.map((method) => method.type)).toEqual(['totp'])
    expect(client.mfa.getState().enrolled).toEqual(['totp'])

    const required: unknown[] = []
    client.on('walletPrompt', (event) => required.push(event))
    const signing = client.embeddedWallets.signMessage({ message: 'Hello Tessera', uiOptions: { showWalletUIs: false } })
    expect(await challengeWhere((challenge) => challenge?.status === 'required')).toMatchObject({ reason: 'wallet-action', attempt: 1 })
    expect(required).toEqual([{ screen: 'mfa:verify' }])

    await expect(client.mfa.submit({ method: 'totp', code: '000000' })).rejects.toMatchObject({
      code: 'missing_or_invalid_mfa',
      shortMessage: 'The code you entered is not valid',
    })
    expect(client.mfa.getState().challenge).toMatchObject({ status: 'error', attempt: 2, blocked: false })
    await client.mfa.submit({ method: 'totp', code: '123456' })
    const { signature } = await signing
    expect(await verifyMessage({ address: wallet.address as Hex, message: 'Hello Tessera', signature: signature as Hex })).toBe(true)
    expect(client.mfa.getState().challenge).toBeNull()

    // The frame keeps the session verified: the next signature asks nothing. No MFA answer is in an answer to the host.
    await client.embeddedWallets.signMessage({ message: 'again', uiOptions: { showWalletUIs: false } })
    expect(required).toHaveLength(1)
    // The first gated call was the connection (it fetches the auth share): it carried the answers.
    const answered = frame.calls.filter((call) => call.data.mfa !== undefined)
    expect(answered.map((call) => [call.event, call.data.mfa])).toEqual([
      ['connect', { method: 'totp', code: '000000' }],
      ['connect', { method: 'totp', code: '123456' }],
    ])
    expect(frame.calls.filter((call) => call.event === 'rpc')).toHaveLength(2)
  })

  it('an app listener takes the challenge instead of the modal; verify() asks up front; logout clears the frame’s token', async () => {
    await client.embeddedWallets.create()
    frame.server.enrollMfa(userId, 'sms')
    const heard: unknown[] = []
    const modal: unknown[] = []
    const stop = client.mfa.onMfaRequired((event) => heard.push(event))
    client.on('walletPrompt', (event) => modal.push(event))
    const verifying = client.mfa.verify()
    await challengeWhere((challenge) => challenge?.status === 'required')
    expect(frame.calls.some((call) => call.event === 'mfa:verify')).toBe(false)
    await client.mfa.sendSmsCode()
    expect(api.calls('/api/v1/mfa/passwordless_sms/init').map((request) => request.body)).toEqual([{ action: 'verify' }])
    await client.mfa.submit({ method: 'sms', code: '123456' })
    await verifying
    expect(heard).toHaveLength(1)
    expect(modal).toEqual([])
    stop()

    await client.logout()
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(frame.calls.at(-1)).toMatchObject({ event: 'mfa:clear', data: {} })
  })

  it('a logout cancels a waiting challenge', async () => {
    await client.embeddedWallets.create()
    await client.mfa.enrollTotp.init()
    await client.mfa.enrollTotp.submit('123456')
    frame.server.api.clearMfa()
    const signing = client.embeddedWallets.signMessage({ message: 'bye', uiOptions: { showWalletUIs: false } })
    await challengeWhere((challenge) => challenge?.status === 'required')
    await client.logout()
    await expect(signing).rejects.toMatchObject({ shortMessage: 'Canceled MFA verification.' })
    expect(client.mfa.getState()).toEqual({ enrolled: [], challenge: null })
  })

  it('unenrol asks first and answers the user without the method; cancel() rejects the waiting operation', async () => {
    await client.embeddedWallets.create()
    await client.mfa.enrollPasskeys(['cred-1'])
    expect(client.mfa.getState().enrolled).toEqual(['passkey'])
    const removing = client.mfa.unenroll('totp')
    await challengeWhere((challenge) => challenge?.reason === 'enrollment-change')
    client.mfa.cancel()
    await expect(removing).rejects.toMatchObject({ code: 'missing_mfa_credentials', shortMessage: 'Canceled MFA verification.' })

    const removingSms = client.mfa.unenroll('sms')
    await challengeWhere((challenge) => challenge?.status === 'required')
    // A verification of another kind than an invalid code ends the operation.
    await expect(client.mfa.submit({ method: 'totp', code: '123456' })).rejects.toMatchObject({ shortMessage: 'MFA method not enrolled' })
    await expect(removingSms).rejects.toMatchObject({ shortMessage: 'MFA method not enrolled' })
  })
})
