import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GUEST_CREDENTIAL_BYTES } from '../../../../src/protocol/index.js'
import type { AppInput } from '../../apps/types.js'
import { startTestServer, type TestServer } from '../../test-support/test-server.js'

let t: TestServer
beforeAll(async () => {
  t = await startTestServer({ app: { loginMethods: ['email', 'guest'] } })
})
afterAll(async () => {
  await t?.close()
})

const newCredential = () => randomBytes(GUEST_CREDENTIAL_BYTES)
const authenticate = (guest_credential: unknown, appId?: string) =>
  t.call('/api/v1/guest/authenticate', { body: { guest_credential }, ...(appId ? { appId } : {}) })
const appWith = (input: AppInput) => t.createApp({ name: 'Guest app', loginMethods: ['guest'], ...input })

describe('guest sign-in', () => {
  it('creates a guest user on first use and signs the same guest in again with the same credential', async () => {
    const credential = newCredential()
    const first = await authenticate(credential.toString('base64url'))
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ is_new_user: true, session_update_action: 'set', user: { is_guest: true, linked_accounts: [] } })
    expect(first.body.token).toBeTruthy()
    expect(first.body.refresh_token).toBeTruthy()

    const again = await authenticate(credential.toString('base64url'))
    expect(again.status).toBe(200)
    expect(again.body).toMatchObject({ is_new_user: false, user: { id: first.body.user.id, is_guest: true } })
    expect(again.body.refresh_token).not.toBe(first.body.refresh_token)

    // The same bytes in hex are the same guest (base64url is what our client and the reference SDK send).
    const hex = await authenticate(`0x${credential.toString('hex')}`)
    expect(hex.body.user.id).toBe(first.body.user.id)
    const other = await authenticate(newCredential().toString('hex'))
    expect(other.body).toMatchObject({ is_new_user: true, user: { is_guest: true } })
    expect(other.body.user.id).not.toBe(first.body.user.id)
  })

  it('stores only a keyed hash of the credential', async () => {
    const credential = newCredential()
    const { body } = await authenticate(credential.toString('base64url'))
    const rows = await t.db.query<{ credential_hash: string }>('SELECT credential_hash FROM guest_credentials WHERE user_id = $1', [body.user.id])
    expect(rows).toHaveLength(1)
    expect(rows[0]!.credential_hash).toMatch(/^[0-9a-f]{64}$/)
    const dump = JSON.stringify(await t.db.query('SELECT * FROM guest_credentials'))
    expect(dump).not.toContain(credential.toString('base64url'))
    expect(dump).not.toContain(credential.toString('hex'))
  })

  it('creates exactly one guest from 20 parallel first sign-ins with one credential', async () => {
    const credential = newCredential().toString('base64url')
    const results = await Promise.all(Array.from({ length: 20 }, () => authenticate(credential)))
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200))
    expect(new Set(results.map((r) => r.body.user.id)).size).toBe(1)
    expect(results.filter((r) => r.body.is_new_user)).toHaveLength(1)
  })

  it.each([
    ['too short', newCredential().subarray(1).toString('base64url')],
    ['too long', Buffer.concat([newCredential(), Buffer.from([1])]).toString('base64url')],
    ['outside the alphabet', `${newCredential().toString('base64url').slice(0, 42)}!`],
    ['hex of the wrong length', newCredential().toString('hex').slice(2)],
    ['empty', ''],
    ['not a string', 42],
    ['NUL-laden', `${newCredential().toString('base64url').slice(0, 42)}\u0000`],
    ['huge', 'A'.repeat(10_000)],
  ])('refuses a credential that is %s with 400 invalid_data', async (_name, credential) => {
    const response = await authenticate(credential)
    expect(response.status).toBe(400)
    expect(response.body.code).toBe('invalid_data')
  })

  it('answers malformed JSON with 400 invalid_data', async () => {
    for (const rawBody of ['{"guest_credential": ', '[1]', '['.repeat(50_000) + ']'.repeat(50_000)]) {
      const response = await t.call('/api/v1/guest/authenticate', { rawBody })
      expect(response.status).toBe(400)
      expect(response.body.code).toBe('invalid_data')
    }
  })

  it('refuses guests when the app has not enabled them', async () => {
    const app = await appWith({ loginMethods: ['email'] })
    const response = await authenticate(newCredential().toString('base64url'), app.id)
    expect(response.status).toBe(403)
    expect(response.body.code).toBe('disallowed_login_method')
  })

  it('applies the sign-up rules to new guests: sign-up disabled, test-mode user limit, allowlist', async () => {
    const closed = await appWith({ signupDisabled: true })
    expect((await authenticate(newCredential().toString('base64url'), closed.id)).body.code).toBe('user_does_not_exist')

    const limited = await appWith({ userLimit: 1 })
    const kept = newCredential().toString('base64url')
    expect((await authenticate(kept, limited.id)).status).toBe(200)
    const over = await authenticate(newCredential().toString('base64url'), limited.id)
    expect(over.status).toBe(403)
    expect(over.body.code).toBe('max_accounts_reached')
    // An existing guest is not a sign-up: the limit does not stop them.
    expect((await authenticate(kept, limited.id)).status).toBe(200)

    const allowlisted = await appWith({
      allowlist: { enabled: true, entries: ['ada@example.com'], errorTitle: null, errorDetail: null, ctaText: null, ctaLink: null },
    })
    const denied = await authenticate(newCredential().toString('base64url'), allowlisted.id)
    expect(denied.status).toBe(403)
    expect(denied.body.code).toBe('allowlist_rejected')
  })

  it('keeps guests of one app apart from another app', async () => {
    const credential = newCredential().toString('base64url')
    const other = await appWith({})
    const here = await authenticate(credential)
    const there = await authenticate(credential, other.id)
    expect(there.body.is_new_user).toBe(true)
    expect(there.body.user.id).not.toBe(here.body.user.id)
  })

  it('gives a guest a session that works like any other', async () => {
    const { body } = await authenticate(newCredential().toString('base64url'))
    const me = await t.call('/api/v1/users/me', { token: body.token })
    expect(me.status).toBe(200)
    expect(me.body.user).toMatchObject({ id: body.user.id, is_guest: true })
  })
})
