import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/browser'
import type { LinkedAccountDto } from '../../../protocol/index.js'
import { createClient } from '../../client.js'
import { createMemoryStorage } from '../../session/storage.js'
import { startFakeApi, type FakeApi, type RecordedRequest } from '../../test-support/api-server.js'
import { apiRoutes } from '../../test-support/fake-routes.js'
import { authResponse, TEST_APP_ID, userDto } from '../../test-support/fixtures.js'
import type { ClientEvents, PasskeyFlowStatus, TesseraClient } from '../../types.js'
import type { PasskeyCeremony } from './ceremony.js'
import { PASSKEY_NOT_ALLOWED_MESSAGE } from './errors.js'

const RP = 'localhost'
const CHALLENGE = 'Y2hhbGxlbmdl'
const times = { verified_at: 1_700_000_000, first_verified_at: 1_700_000_000, latest_verified_at: 1_700_000_000 }
const passkeyAccount = (credentialId: string, enrolledInMfa = false): LinkedAccountDto => ({
  type: 'passkey',
  credential_id: credentialId,
  enrolled_in_mfa: enrolledInMfa,
  ...times,
})
const emailAccount: LinkedAccountDto = { type: 'email', address: 'owner@example.com', ...times }

/** A stand-in for the browser's credential step: answers with `id`, or rejects like the browser does. */
function fakeCeremony(behaviour: { id?: string; reject?: Error; supported?: boolean } = {}) {
  const seen: { kind: 'create' | 'get'; options: unknown }[] = []
  let cancelled = 0
  const answer = <T>(kind: 'create' | 'get', options: unknown, response: T): Promise<T> => {
    seen.push({ kind, options })
    return behaviour.reject ? Promise.reject(behaviour.reject) : Promise.resolve(response)
  }
  const id = behaviour.id ?? 'cred-1'
  const ceremony: PasskeyCeremony = {
    isSupported: () => behaviour.supported ?? true,
    create: (options) =>
      answer<RegistrationResponseJSON>('create', options, {
        id,
        rawId: id,
        type: 'public-key',
        response: { clientDataJSON: 'cdj', attestationObject: 'att', transports: ['internal'] },
        clientExtensionResults: {},
      }),
    get: (options) =>
      answer<AuthenticationResponseJSON>('get', options, {
        id,
        rawId: id,
        type: 'public-key',
        response: { clientDataJSON: 'cdj', authenticatorData: 'ad', signature: 'sig', userHandle: 'uh' },
        clientExtensionResults: {},
      }),
    cancel: () => void cancelled++,
  }
  return { ceremony, seen, cancelled: () => cancelled }
}

let api: FakeApi
let accounts: LinkedAccountDto[]
const clients: TesseraClient[] = []
const signedIn = (request: RecordedRequest) => /^Bearer .+/.test(String(request.headers.authorization ?? ''))
const unauthorized = { status: 401, body: { error: 'Missing or invalid token', code: 'missing_or_invalid_token' } }

beforeEach(async () => {
  accounts = []
  const init = (request: RecordedRequest) => ({
    body: { relying_party: RP, options: { challenge: CHALLENGE, rpId: RP, token: (request.body as { token?: string }).token ?? null } },
  })
  const login = async (credentialId: string, isNewUser: boolean) => {
    accounts = [passkeyAccount(credentialId)]
    return { body: await authResponse({ user: userDto({ linked_accounts: accounts }), is_new_user: isNewUser }) }
  }
  api = await startFakeApi(
    apiRoutes({
      'GET /api/v1/users/me': () => ({ body: { user: userDto({ linked_accounts: accounts }), identity_token: null } }),
      'POST /api/v1/passkeys/register/init': init,
      'POST /api/v1/passkeys/authenticate/init': init,
      'POST /api/v1/passkeys/link/init': (request) => (signedIn(request) ? init(request) : unauthorized),
      'POST /api/v1/passkeys/register': (request) => login((request.body as { authenticator_response: { id: string } }).authenticator_response.id, true),
      'POST /api/v1/passkeys/authenticate': (request) => login((request.body as { authenticator_response: { id: string } }).authenticator_response.id, false),
      'POST /api/v1/passkeys/link': (request) => {
        if (!signedIn(request)) return unauthorized
        accounts = [...accounts, passkeyAccount((request.body as { authenticator_response: { id: string } }).authenticator_response.id)]
        return { body: userDto({ linked_accounts: accounts }) }
      },
      'POST /api/v1/passkeys/unlink': (request) => {
        if (!signedIn(request)) return unauthorized
        const id = (request.body as { credential_id: string }).credential_id
        accounts = accounts.filter((account) => !(account.type === 'passkey' && account.credential_id === id))
        return { body: userDto({ linked_accounts: accounts }) }
      },
    }),
  )
})
afterEach(async () => {
  for (const client of clients.splice(0)) client.destroy()
  await api.close()
})

async function newClient(ceremony: PasskeyCeremony) {
  const client = createClient({
    appId: TEST_APP_ID,
    apiUrl: api.url,
    storage: createMemoryStorage(),
    locks: null,
    retryDelay: () => 1,
    passkeyCeremony: ceremony,
  })
  clients.push(client)
  await client.ready
  return client
}

/** The statuses the flow passes through, in order. */
function statuses(client: TesseraClient): PasskeyFlowStatus[] {
  const seen: PasskeyFlowStatus[] = []
  client.auth.passkey.watchState((state) => seen.push(state.status))
  return seen
}

/** Signs a user in with an email account and a passkey (the routes answer sign-ups with a lone passkey). */
async function signedInClient(ceremony: PasskeyCeremony, existing: LinkedAccountDto[]) {
  const client = await newClient(ceremony)
  await client.auth.passkey.signup()
  accounts = existing
  await client.refreshUser()
  return client
}

describe('client.auth.passkey.signup and login', () => {
  it('signs up: init with the CAPTCHA token, the browser creates, then register with relying_party and the response', async () => {
    const { ceremony, seen } = fakeCeremony({ id: 'new-cred' })
    const client = await newClient(ceremony)
    const logins: ClientEvents['login'][] = []
    client.on('login', (event) => logins.push(event))
    const flow = statuses(client)

    const user = await client.auth.passkey.signup({ captchaToken: 'captcha-1' })

    expect(api.calls('/api/v1/passkeys/register/init').map((request) => request.body)).toEqual([{ token: 'captcha-1' }])
    expect(seen).toEqual([{ kind: 'create', options: expect.objectContaining({ challenge: CHALLENGE }) }])
    const [register] = api.calls('/api/v1/passkeys/register')
    expect(register?.body).toEqual({
      relying_party: RP,
      authenticator_response: expect.objectContaining({ id: 'new-cred', raw_id: 'new-cred', type: 'public-key' }),
    })
    expect(flow).toEqual(['generating-challenge', 'awaiting-passkey', 'submitting-response', 'done'])
    expect(client.auth.passkey.getState()).toEqual({ status: 'done', intent: 'signup', error: null })
    expect(user.linkedAccounts).toEqual([expect.objectContaining({ type: 'passkey', credentialId: 'new-cred' })])
    expect(logins).toEqual([expect.objectContaining({ loginMethod: 'passkey', isNewUser: true })])
    expect(client.getRecentLoginMethod()).toBe('passkey')
  })

  it('signs in: authenticate carries the init challenge back with the assertion (sign-in spec, "The calls it makes")', async () => {
    const { ceremony, seen } = fakeCeremony({ id: 'known-cred' })
    const client = await newClient(ceremony)
    const flow = statuses(client)

    await client.auth.passkey.login()

    expect(api.calls('/api/v1/passkeys/authenticate/init').map((request) => request.body)).toEqual([{}])
    expect(seen.map((step) => step.kind)).toEqual(['get'])
    expect(api.calls('/api/v1/passkeys/authenticate')[0]?.body).toEqual({
      relying_party: RP,
      challenge: CHALLENGE,
      authenticator_response: expect.objectContaining({ id: 'known-cred', response: expect.objectContaining({ signature: 'sig' }) }),
    })
    expect(flow).toEqual(['generating-challenge', 'awaiting-passkey', 'submitting-response', 'done'])
    expect(client.getAuth()).toMatchObject({ status: 'authenticated' })
  })

  it("maps the browser's NotAllowedError to passkey_not_allowed and sends nothing further", async () => {
    const { ceremony } = fakeCeremony({ reject: Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' }) })
    const client = await newClient(ceremony)

    await expect(client.auth.passkey.login()).rejects.toMatchObject({ code: 'passkey_not_allowed', shortMessage: PASSKEY_NOT_ALLOWED_MESSAGE })
    expect(client.auth.passkey.getState()).toMatchObject({ status: 'error', intent: 'login', error: { code: 'passkey_not_allowed' } })
    expect(api.calls('/api/v1/passkeys/authenticate')).toHaveLength(0)
  })

  it('reads a NotAllowedError wrapped as the cause (how @simplewebauthn/browser rethrows it)', async () => {
    const cause = Object.assign(new Error('denied'), { name: 'NotAllowedError' })
    const { ceremony } = fakeCeremony({ reject: new Error('wrapped', { cause }) })
    const client = await newClient(ceremony)
    await expect(client.auth.passkey.signup()).rejects.toMatchObject({ code: 'passkey_not_allowed' })
  })

  it("refuses without WebAuthn: 'WebAuthn is not supported in this browser', before any request", async () => {
    const { ceremony } = fakeCeremony({ supported: false })
    const client = await newClient(ceremony)
    await expect(client.auth.passkey.login()).rejects.toMatchObject({ shortMessage: 'WebAuthn is not supported in this browser' })
    expect(client.auth.passkey.getState().status).toBe('error')
    expect(api.calls('/api/v1/passkeys/authenticate/init')).toHaveLength(0)
  })

  it('on a page that is not a secure context (plain http on a LAN address) says passkeys need https (issue 15)', async () => {
    const { ceremony } = fakeCeremony({ supported: false })
    const client = await newClient(ceremony)
    vi.stubGlobal('isSecureContext', false)
    try {
      await expect(client.auth.passkey.login()).rejects.toMatchObject({
        code: 'not_supported',
        shortMessage: 'Passkeys need a secure page: open this site over https (or on localhost)',
        data: { reason: 'insecure_context' },
      })
    } finally {
      vi.unstubAllGlobals()
    }
    expect(api.calls('/api/v1/passkeys/authenticate/init')).toHaveLength(0)
  })

  it('passes the server error through (no sign-up for an unknown passkey)', async () => {
    api.handle(
      apiRoutes({
        'POST /api/v1/passkeys/authenticate/init': () => ({ body: { relying_party: RP, options: { challenge: CHALLENGE } } }),
        'POST /api/v1/passkeys/authenticate': () => ({ status: 404, body: { error: 'User not found', code: 'user_does_not_exist' } }),
      }),
    )
    const client = await newClient(fakeCeremony().ceremony)
    await expect(client.auth.passkey.login()).rejects.toMatchObject({ code: 'user_does_not_exist' })
    expect(client.auth.passkey.getState().error?.code).toBe('user_does_not_exist')
  })

  it('reset() cancels a waiting ceremony, goes back to initial and keeps the late failure out of the state', async () => {
    let rejectCeremony: (error: Error) => void = () => {}
    const { ceremony, cancelled } = fakeCeremony()
    ceremony.get = () => new Promise((_, reject) => (rejectCeremony = reject))
    const client = await newClient(ceremony)
    const pending = client.auth.passkey.login()
    await expect.poll(() => client.auth.passkey.getState().status).toBe('awaiting-passkey')

    client.auth.passkey.reset()
    rejectCeremony(Object.assign(new Error('aborted'), { name: 'AbortError' }))

    await expect(pending).rejects.toMatchObject({ code: 'exited_auth_flow' })
    expect(cancelled()).toBe(1)
    expect(client.auth.passkey.getState()).toEqual({ status: 'initial', intent: 'login', error: null })
  })

  it('refuses a second sign-in while signed in', async () => {
    const client = await newClient(fakeCeremony().ceremony)
    await client.auth.passkey.login()
    await expect(client.auth.passkey.signup()).rejects.toMatchObject({ code: 'already_logged_in' })
  })
})

describe('client.auth.passkey.link and unlink', () => {
  it('links a passkey to the signed-in user and announces it with the new account', async () => {
    const { ceremony } = fakeCeremony({ id: 'linked-cred' })
    const client = await signedInClient(ceremony, [emailAccount])
    const links: ClientEvents['link'][] = []
    client.on('link', (event) => links.push(event))

    const user = await client.auth.passkey.link()

    const [init] = api.calls('/api/v1/passkeys/link/init')
    expect(init?.headers.authorization).toMatch(/^Bearer /)
    expect(api.calls('/api/v1/passkeys/link')[0]?.body).toEqual({ relying_party: RP, authenticator_response: expect.objectContaining({ id: 'linked-cred' }) })
    expect(user.linkedAccounts.map((account) => account.type)).toEqual(['email', 'passkey'])
    expect(links).toEqual([expect.objectContaining({ linkMethod: 'passkey', linkedAccount: expect.objectContaining({ credentialId: 'linked-cred' }) })])
    expect(client.auth.passkey.getState()).toMatchObject({ status: 'done', intent: 'link' })
  })

  it("stops at 5 passkeys: 'Cannot link more passkeys to account.' without asking the browser", async () => {
    const { ceremony, seen } = fakeCeremony()
    const client = await signedInClient(
      ceremony,
      [1, 2, 3, 4, 5].map((n) => passkeyAccount(`cred-${n}`)),
    )
    seen.length = 0
    await expect(client.auth.passkey.link()).rejects.toMatchObject({ code: 'cannot_link_more_of_type', shortMessage: 'Cannot link more passkeys to account.' })
    expect(seen).toEqual([])
    expect(api.calls('/api/v1/passkeys/link/init')).toHaveLength(0)
  })

  it('link needs a signed-in user', async () => {
    const client = await newClient(fakeCeremony().ceremony)
    await expect(client.auth.passkey.link()).rejects.toMatchObject({ code: 'must_be_authenticated' })
  })

  it('unlinks by credential id and announces it', async () => {
    const client = await signedInClient(fakeCeremony().ceremony, [emailAccount, passkeyAccount('cred-a')])
    const unlinks: ClientEvents['unlink'][] = []
    client.on('unlink', (event) => unlinks.push(event))

    const user = await client.auth.passkey.unlink('cred-a')

    expect(api.calls('/api/v1/passkeys/unlink').map((request) => request.body)).toEqual([{ credential_id: 'cred-a' }])
    expect(user.linkedAccounts.map((account) => account.type)).toEqual(['email'])
    expect(unlinks).toEqual([expect.objectContaining({ unlinkMethod: 'passkey' })])
  })

  it("refuses to unlink a passkey enrolled in MFA: 'Cannot unlink a passkey enrolled in MFA'", async () => {
    const client = await signedInClient(fakeCeremony().ceremony, [emailAccount, passkeyAccount('mfa-cred', true)])
    await expect(client.auth.passkey.unlink('mfa-cred')).rejects.toMatchObject({ shortMessage: 'Cannot unlink a passkey enrolled in MFA' })
    expect(api.calls('/api/v1/passkeys/unlink')).toHaveLength(0)
  })
})

describe('client.auth.passkey.isSupported', () => {
  it('is false where the WebAuthn API is missing (Node)', async () => {
    const client = createClient({ appId: TEST_APP_ID, apiUrl: api.url, storage: createMemoryStorage(), locks: null })
    clients.push(client)
    expect(client.auth.passkey.isSupported()).toBe(false)
  })
})
