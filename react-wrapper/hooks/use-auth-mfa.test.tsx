import { renderToString } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createMemoryStorage, getOrCreateClient, type TesseraClient } from '../../src/core/index.js'
import { startFakeApi, type FakeApi } from '../../src/core/test-support/api-server.js'
import { apiRoutes } from '../../src/core/test-support/fake-routes.js'
import { appConfigDto, authResponse, TEST_APP_ID, TEST_OTP, userDto } from '../../src/core/test-support/fixtures.js'
import { TesseraProvider, useAuthMfa, useAuthMfaEnrollment, type UseAuthMfaEnrollmentResult, type UseAuthMfaResult } from '../index.js'

const AUTHENTICATOR_CODE = '654321'
let api: FakeApi
let client: TesseraClient | null = null
let pendingSignIns = 0

beforeEach(async () => {
  // The server's sign-in MFA as src/protocol/mfa-auth.ts describes it: the first factor answers a pending sign-in.
  api = await startFakeApi(
    apiRoutes({
      [`GET /api/v1/apps/${TEST_APP_ID}`]: () => ({ body: appConfigDto() }),
      'POST /api/v1/passwordless/authenticate': () => ({ body: { mfa_required: true, mfa_methods: ['totp'], login_mfa_token: `pending-${++pendingSignIns}` } }),
      'POST /api/v1/mfa_auth/totp/verify': async (request) => {
        const { code, login_mfa_token: token } = request.body as { code: string; login_mfa_token?: string }
        if (code !== AUTHENTICATOR_CODE) return { status: 400, body: { error: 'The code you entered is not valid', code: 'missing_or_invalid_mfa' } }
        if (token === undefined) return { body: { success: true } }
        return token === `pending-${pendingSignIns}`
          ? { body: await authResponse() }
          : { status: 400, body: { error: 'This sign-in has expired, sign in again', code: 'expired_or_invalid_mfa_token' } }
      },
      'POST /api/v1/mfa_auth/totp/init': () => ({
        body: { totpSecret: 'JBSWY3DPEHPK3PXP', totpAuthUrl: 'otpauth://totp/Test:ada%40example.com?secret=JBSWY3DPEHPK3PXP' },
      }),
      'POST /api/v1/mfa_auth/totp/enroll': () => ({ body: userDto() }),
      'POST /api/v1/mfa_auth/totp/unenroll': () => ({ body: { success: true } }),
    }),
  )
  client = getOrCreateClient({ appId: TEST_APP_ID, apiUrl: api.url, storage: createMemoryStorage() })
  await client.ready
})
afterEach(async () => {
  client?.destroy()
  await api.close()
})

function renderHooks() {
  const hooks: { mfa: UseAuthMfaResult | null; enrollment: UseAuthMfaEnrollmentResult | null } = { mfa: null, enrollment: null }
  function Probe() {
    hooks.mfa = useAuthMfa()
    hooks.enrollment = useAuthMfaEnrollment()
    return null
  }
  const render = () =>
    renderToString(
      <TesseraProvider appId={TEST_APP_ID} apiUrl={api.url}>
        <Probe />
      </TesseraProvider>,
    )
  render()
  return { hooks, render }
}

describe('useAuthMfa', () => {
  it('a sign-in answered mfa_required is pending (state required, signed out); verify({ code }) signs the user in with the pending token', async () => {
    const { hooks, render } = renderHooks()
    expect(hooks.mfa!.state).toEqual({ status: 'idle', methods: [] })
    await client!.auth.email.sendCode('ada@example.com')
    await expect(client!.auth.email.loginWithCode(TEST_OTP)).rejects.toMatchObject({ code: 'mfa_required' })
    expect(client!.getAuth().status).toBe('unauthenticated')
    expect(client!.loginMfa.getState()).toEqual({ status: 'required', methods: ['totp'] })

    await expect(hooks.mfa!.verify({ code: '000000' })).rejects.toMatchObject({ code: 'missing_or_invalid_mfa' })
    await hooks.mfa!.verify({ code: AUTHENTICATOR_CODE })
    expect(client!.getAuth()).toMatchObject({ status: 'authenticated', user: { id: userDto().id } })
    render()
    expect(hooks.mfa!.state.status).toBe('idle')
    expect(api.calls('/api/v1/mfa_auth/totp/verify').map((request) => request.body)).toEqual([
      { code: '000000', login_mfa_token: 'pending-1' },
      { code: AUTHENTICATOR_CODE, login_mfa_token: 'pending-1' },
    ])
  })

  it('cancel() drops the pending sign-in; signed out, verify is refused before the network', async () => {
    const { hooks } = renderHooks()
    await client!.auth.email.sendCode('ada@example.com')
    await expect(client!.auth.email.loginWithCode(TEST_OTP)).rejects.toMatchObject({ code: 'mfa_required' })
    hooks.mfa!.cancel()
    expect(client!.loginMfa.getState().status).toBe('idle')
    await expect(hooks.mfa!.verify({ code: AUTHENTICATOR_CODE })).rejects.toMatchObject({ code: 'must_be_authenticated' })
    expect(api.calls('/api/v1/mfa_auth/totp/verify')).toHaveLength(0)
  })
})

describe('useAuthMfaEnrollment', () => {
  it('signed in: initEnrollment answers the secret, enroll({ code }) the user, verify then unenroll the reference calls', async () => {
    const { hooks } = renderHooks()
    await client!.auth.email.sendCode('ada@example.com')
    await expect(client!.auth.email.loginWithCode(TEST_OTP)).rejects.toMatchObject({ code: 'mfa_required' })
    await hooks.mfa!.verify({ code: AUTHENTICATOR_CODE })

    expect(await hooks.enrollment!.initEnrollment()).toMatchObject({ totpSecret: 'JBSWY3DPEHPK3PXP' })
    expect((await hooks.enrollment!.enroll({ code: AUTHENTICATOR_CODE })).user.id).toBe(userDto().id)
    await hooks.mfa!.verify({ code: AUTHENTICATOR_CODE })
    expect((await hooks.enrollment!.unenroll()).user.id).toBe(userDto().id)
    expect(api.calls('/api/v1/mfa_auth/totp/enroll')[0]!.body).toEqual({ code: AUTHENTICATOR_CODE })
    expect(api.calls('/api/v1/mfa_auth/totp/verify').at(-1)!.body).toEqual({ code: AUTHENTICATOR_CODE })
    for (const path of ['init', 'enroll', 'verify', 'unenroll']) {
      expect(api.calls(`/api/v1/mfa_auth/totp/${path}`).at(-1)!.headers.authorization).toMatch(/^Bearer /)
    }
  })
})
