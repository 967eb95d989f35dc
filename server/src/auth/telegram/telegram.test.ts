import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { Writable } from 'node:stream'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { AppRecord } from '../../apps/types.js'
import type { TelegramSettings } from './settings.js'
import { startTestServer, type TestServer } from '../../test-support/test-server.js'

// A pass-through spy: docs/security.md #29 checks which comparison the verifier uses, not what it returns.
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:crypto')>()
  return { ...actual, timingSafeEqual: vi.fn(actual.timingSafeEqual) }
})

const BOT_TOKEN = `7123456789:AA${randomBytes(24).toString('base64url')}`
const bot = (overrides: Partial<TelegramSettings> = {}): TelegramSettings => ({
  botId: '7123456789',
  botName: 'tessera_test_bot',
  botToken: BOT_TOKEN,
  linkEnabled: true,
  seamlessAuthEnabled: true,
  ...overrides,
})

let t: TestServer
let logs = ''
let noSeamlessApp: AppRecord
let noBotApp: AppRecord
let emailOnlyApp: AppRecord

beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logs += chunk
      done()
    },
  })
  t = await startTestServer({ app: { loginMethods: ['email', 'telegram'], telegram: bot() }, overrides: { logger: pino({ level: 'debug' }, sink) } })
  noSeamlessApp = await t.createApp({ name: 'Widget only', loginMethods: ['telegram'], telegram: bot({ seamlessAuthEnabled: false }) })
  noBotApp = await t.createApp({ name: 'No bot', loginMethods: ['telegram'] })
  emailOnlyApp = await t.createApp({ name: 'Email only', loginMethods: ['email'], telegram: bot() })
})
afterAll(async () => {
  await t?.close()
})

type Fields = Record<string, string | number>

/** The data-check-string of core.telegram.org: sorted `key=value` lines, `hash` left out. */
const dataCheckString = (fields: Fields) =>
  Object.keys(fields)
    .filter((k) => k !== 'hash')
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('\n')
const hmacHex = (key: Buffer, text: string) => createHmac('sha256', key).update(text).digest('hex')
const widgetSecret = (token = BOT_TOKEN) => createHash('sha256').update(token).digest()
const webAppSecret = (token = BOT_TOKEN) => createHmac('sha256', 'WebAppData').update(token).digest()

const nowSeconds = () => Math.floor(t.clock.now() / 1000)
let counter = 0
const freshId = () => 100_000_000 + ++counter * 7919 + Math.floor(Math.random() * 1000)

/** A Login Widget result as Telegram's script hands it to the page, signed with `token`. */
function widgetResult(overrides: Fields = {}, token = BOT_TOKEN): Fields {
  const fields: Fields = {
    id: freshId(),
    first_name: 'Ada',
    last_name: 'Lovelace',
    username: 'ada',
    photo_url: 'https://t.me/i/userpic/320/ada.jpg',
    auth_date: nowSeconds(),
    ...overrides,
  }
  return { ...fields, hash: hmacHex(widgetSecret(token), dataCheckString(fields)) }
}

/** Mini App `initData` fields (the query string, parsed), signed the Web App way. */
function webAppData(user: Record<string, unknown> = {}, overrides: Fields = {}): Fields {
  const fields: Fields = {
    query_id: 'AAHdF6IQAAAAAN0XohDhrOrc',
    user: JSON.stringify({ id: freshId(), first_name: 'Grace', last_name: 'Hopper', username: 'grace', language_code: 'en', ...user }),
    auth_date: nowSeconds(),
    ...overrides,
  }
  return { ...fields, hash: hmacHex(webAppSecret(), dataCheckString(fields)) }
}

const authenticate = (body: Record<string, unknown>, appId?: string) => t.call('/api/v1/telegram/authenticate', { body, ...(appId ? { appId } : {}) })
const widgetLogin = (result: Fields, appId?: string) => authenticate({ telegram_auth_result: result }, appId)

const expectRejected = (response: { status: number; body: any }) => {
  expect(response.status).toBe(400)
  expect(response.body.code).toBe('invalid_credentials')
}

describe('Telegram Login Widget sign-in', () => {
  it('signs a new user in, then the same user again, keyed by the Telegram id', async () => {
    const result = widgetResult()
    const first = await widgetLogin(result)
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ is_new_user: true, session_update_action: 'set' })
    expect(first.body.user.linked_accounts).toEqual([
      expect.objectContaining({
        type: 'telegram',
        telegram_user_id: String(result.id),
        first_name: 'Ada',
        last_name: 'Lovelace',
        username: 'ada',
        photo_url: 'https://t.me/i/userpic/320/ada.jpg',
      }),
    ])
    const [row] = await t.db.query<{ address: string }>("SELECT address FROM linked_accounts WHERE type = 'telegram' AND user_id = $1", [first.body.user.id])
    expect(row?.address).toBe(String(result.id))

    const again = await widgetLogin(widgetResult({ id: result.id!, first_name: 'Ada', username: 'countess' }))
    expect(again.status).toBe(200)
    expect(again.body).toMatchObject({ is_new_user: false, user: { id: first.body.user.id } })
  })

  it('accepts a result with only the required fields', async () => {
    const { id, auth_date, first_name } = widgetResult()
    const minimal = { id: id!, auth_date: auth_date!, first_name: first_name! }
    const response = await widgetLogin({ ...minimal, hash: hmacHex(widgetSecret(), dataCheckString(minimal)) })
    expect(response.status).toBe(200)
    expect(response.body.user.linked_accounts[0]).toMatchObject({ type: 'telegram', first_name: 'Ada', last_name: null, username: null, photo_url: null })
  })

  it.each(['id', 'first_name', 'last_name', 'username', 'photo_url', 'auth_date'])('rejects a result whose %s was changed', async (field) => {
    const result = widgetResult()
    const changed = field === 'id' ? Number(result.id) + 1 : field === 'auth_date' ? Number(result.auth_date) - 1 : `${result[field]}x`
    expectRejected(await widgetLogin({ ...result, [field]: changed }))
  })

  it('rejects a result with an unknown field added, or a field removed', async () => {
    expectRejected(await widgetLogin({ ...widgetResult(), is_admin: 'true' }))
    const { username: _, ...withoutUsername } = widgetResult()
    expectRejected(await widgetLogin(withoutUsername))
  })

  it('rejects fields that could move text between lines of the data-check-string', async () => {
    const result = widgetResult()
    // photo_url folded into last_name gives the very same data-check-string, so the HMAC alone would match.
    const { photo_url, last_name, ...rest } = result
    const folded = { ...rest, last_name: `${last_name}\nphoto_url=${photo_url}` }
    expect(dataCheckString(folded)).toBe(dataCheckString(result))
    expectRejected(await widgetLogin(folded))
    expectRejected(await widgetLogin({ ...result, 'id=1\nx': 'y' }))
  })

  it('rejects a result signed with another bot token', async () => {
    expectRejected(await widgetLogin(widgetResult({}, `7123456789:AA${randomBytes(24).toString('base64url')}`)))
  })

  it('rejects Mini App initData presented as a widget result, and a widget result presented as initData', async () => {
    expectRejected(await widgetLogin(webAppData()))
    expectRejected(await authenticate({ telegram_web_app_data: widgetResult() }))
  })

  it('rejects an auth_date older than a day or in the future', async () => {
    expectRejected(await widgetLogin(widgetResult({ auth_date: nowSeconds() - 24 * 60 * 60 - 1 })))
    expectRejected(await widgetLogin(widgetResult({ auth_date: nowSeconds() + 5 * 60 })))
    expect((await widgetLogin(widgetResult({ auth_date: nowSeconds() - 23 * 60 * 60 }))).status).toBe(200)
    // The same signed result goes stale as time passes.
    const result = widgetResult()
    t.clock.advance(24 * 60 * 60 + 1)
    try {
      expectRejected(await widgetLogin(result))
    } finally {
      t.clock.advance(-(24 * 60 * 60 + 1))
    }
  })

  it('compares the whole digest in constant time: wrong length, wrong case of a bad byte, or a last-byte change all fail cleanly', async () => {
    const result = widgetResult()
    const hash = String(result.hash)
    const lastByteFlipped = hash.slice(0, -2) + (parseInt(hash.slice(-2), 16) ^ 1).toString(16).padStart(2, '0')
    expectRejected(await widgetLogin({ ...result, hash: lastByteFlipped }))
    // timingSafeEqual throws on unequal lengths: a short or long hash must still be a 400, never a 500.
    expectRejected(await widgetLogin({ ...result, hash: hash.slice(0, 62) }))
    expectRejected(await widgetLogin({ ...result, hash: `${hash}00` }))
    expectRejected(await widgetLogin({ ...result, hash: 'z'.repeat(64) }))
    // The digest is compared as bytes, so the hex case does not matter.
    expect((await widgetLogin({ ...result, hash: hash.toUpperCase() })).status).toBe(200)
  })

  it('docs/security.md #29: compares the full digests with crypto.timingSafeEqual, for a correct and a wrong hash', async () => {
    const compare = vi.mocked(timingSafeEqual)
    /** The verifier's comparisons involving this result's digest: both sides (in byte order) and the answer. */
    const comparisonsOf = (digest: Buffer) =>
      compare.mock.calls.flatMap((args, index) => {
        const sides = args.map((arg) => Buffer.from(arg as Uint8Array)).sort(Buffer.compare)
        return sides.some((side) => side.equals(digest)) ? [{ sides, result: compare.mock.results[index]!.value }] : []
      })
    const result = widgetResult()
    const digest = createHmac('sha256', widgetSecret()).update(dataCheckString(result)).digest()
    // The first byte differs: a compare that stops at the first difference would answer fastest here.
    const wrong = Buffer.from(digest)
    wrong[0]! ^= 1
    compare.mockClear()
    expectRejected(await widgetLogin({ ...result, hash: wrong.toString('hex') }))
    expect(comparisonsOf(digest)).toEqual([{ sides: [digest, wrong].sort(Buffer.compare), result: false }])
    compare.mockClear()
    expect((await widgetLogin(result)).status).toBe(200)
    expect(comparisonsOf(digest)).toEqual([{ sides: [digest, digest], result: true }])
  })

  it('rejects a result without a hash, or a non-numeric id with a valid hash', async () => {
    const { hash: _, ...unsigned } = widgetResult()
    expectRejected(await widgetLogin(unsigned))
    expectRejected(await widgetLogin(widgetResult({ id: 'abc' })))
  })
})

describe('Telegram Mini App (seamless) sign-in', () => {
  it('signs in with initData and reads the user from its JSON', async () => {
    const data = webAppData({ photo_url: 'https://t.me/i/userpic/320/grace.jpg' })
    const response = await authenticate({ telegram_web_app_data: data })
    expect(response.status).toBe(200)
    expect(response.body.is_new_user).toBe(true)
    expect(response.body.user.linked_accounts).toEqual([
      expect.objectContaining({
        type: 'telegram',
        first_name: 'Grace',
        last_name: 'Hopper',
        username: 'grace',
        photo_url: 'https://t.me/i/userpic/320/grace.jpg',
      }),
    ])
  })

  it('rejects changed user JSON, an added field and a stale auth_date', async () => {
    const data = webAppData()
    const user = JSON.parse(String(data.user))
    expectRejected(await authenticate({ telegram_web_app_data: { ...data, user: JSON.stringify({ ...user, id: user.id + 1 }) } }))
    expectRejected(await authenticate({ telegram_web_app_data: { ...data, start_param: 'admin' } }))
    expectRejected(await authenticate({ telegram_web_app_data: webAppData({}, { auth_date: nowSeconds() - 2 * 24 * 60 * 60 }) }))
    expectRejected(await authenticate({ telegram_web_app_data: webAppData({}, { user: 'not json' }) }))
  })

  it('is refused when the app has not enabled seamless sign-in', async () => {
    const response = await authenticate({ telegram_web_app_data: webAppData() }, noSeamlessApp.id)
    expect(response.status).toBe(400)
    expect(response.body.code).toBe('feature_not_enabled')
    expect((await widgetLogin(widgetResult(), noSeamlessApp.id)).status).toBe(200)
  })
})

describe('Telegram request rules', () => {
  it('needs exactly one proof', async () => {
    for (const body of [{}, { telegram_auth_result: widgetResult(), telegram_web_app_data: webAppData() }]) {
      const response = await authenticate(body)
      expect(response.status).toBe(400)
      expect(response.body.code).toBe('invalid_data')
    }
  })

  it('refuses an app that has not enabled Telegram, and one without a bot', async () => {
    const disallowed = await widgetLogin(widgetResult(), emailOnlyApp.id)
    expect(disallowed.status).toBe(403)
    expect(disallowed.body.code).toBe('disallowed_login_method')
    const noBot = await widgetLogin(widgetResult(), noBotApp.id)
    expect(noBot.status).toBe(400)
    expect(noBot.body.code).toBe('feature_not_enabled')
  })

  it('honours no-signup mode', async () => {
    const response = await authenticate({ telegram_auth_result: widgetResult(), mode: 'no-signup' })
    expect(response.status).toBe(400)
    expect(response.body.code).toBe('user_does_not_exist')
  })

  it('publishes the bot but never its token in the public config', async () => {
    const config = await t.call(`/api/v1/apps/${t.app.id}`)
    expect(config.body.telegram_auth).toBe(true)
    expect(config.body.telegram_auth_config).toEqual({ bot_id: '7123456789', bot_name: 'tessera_test_bot', link_enabled: true, seamless_auth_enabled: true })
    expect(JSON.stringify(config.body)).not.toContain(BOT_TOKEN)
    const emailOnly = await t.call(`/api/v1/apps/${emailOnlyApp.id}`, { appId: emailOnlyApp.id })
    expect(emailOnly.body.telegram_auth).toBe(false)
  })
})

describe('Telegram link, unlink and transfer', () => {
  let counterEmail = 0
  const signIn = async () => (await t.login(`tg-${++counterEmail}-${randomBytes(3).toString('hex')}@example.com`)).body
  const link = (accessToken: string, body: Record<string, unknown>) => t.call('/api/v1/telegram/link', { body, token: accessToken })

  it('links a Telegram account to a signed-in user, then unlinks it', async () => {
    const user = await signIn()
    const result = widgetResult()
    const linked = await link(user.token, { telegram_auth_result: result })
    expect(linked.status).toBe(200)
    expect(linked.body.linked_accounts.map((a: { type: string }) => a.type)).toEqual(['email', 'telegram'])
    // The linked account now signs the same user in.
    const login = await widgetLogin(widgetResult({ id: result.id! }))
    expect(login.body).toMatchObject({ is_new_user: false, user: { id: user.user.id } })

    const unlinked = await t.call('/api/v1/telegram/unlink', { body: { telegram_user_id: String(result.id) }, token: user.token })
    expect(unlinked.status).toBe(200)
    expect(unlinked.body.linked_accounts.map((a: { type: string }) => a.type)).toEqual(['email'])
  })

  it('links with Mini App initData, and rejects a tampered proof', async () => {
    const user = await signIn()
    expectRejected(await link(user.token, { telegram_auth_result: { ...widgetResult(), first_name: 'Mallory' } }))
    const linked = await link(user.token, { telegram_web_app_data: webAppData() })
    expect(linked.status).toBe(200)
    expect(linked.body.linked_accounts.map((a: { type: string }) => a.type)).toEqual(['email', 'telegram'])
  })

  it('refuses to link when the app turned Telegram linking off, while sign-in still works', async () => {
    const noLinkApp = await t.createApp({ name: 'No Telegram link', loginMethods: ['email', 'telegram'], telegram: bot({ linkEnabled: false }) })
    const user = (await t.login(`tg-nolink-${randomBytes(3).toString('hex')}@example.com`, noLinkApp.id)).body
    const refused = await t.call('/api/v1/telegram/link', { body: { telegram_auth_result: widgetResult() }, token: user.token, appId: noLinkApp.id })
    expect(refused.status).toBe(403)
    expect(refused.body.code).toBe('disallowed_login_method')
    expect((await widgetLogin(widgetResult(), noLinkApp.id)).status).toBe(200)
  })

  it('needs a session to link or unlink', async () => {
    expect((await t.call('/api/v1/telegram/link', { body: { telegram_auth_result: widgetResult() } })).status).toBe(401)
    expect((await t.call('/api/v1/telegram/unlink', { body: { telegram_user_id: '1' } })).status).toBe(401)
  })

  it('offers a transfer for an account another user holds, and the nonce moves it', async () => {
    const result = widgetResult()
    const holder = (await widgetLogin(result)).body
    const caller = await signIn()
    const offer = await link(caller.token, { telegram_auth_result: widgetResult({ id: result.id! }) })
    expect(offer.status).toBe(400)
    expect(offer.body.code).toBe('account_transfer_required')
    const nonce = offer.body.data.nonce as string
    expect(offer.body.data.account.displayName).toBe('@ada')

    const transferred = await t.call('/api/v1/telegram/transfer', { body: { nonce, telegram_auth_result: result }, token: caller.token })
    expect(transferred.status).toBe(200)
    expect(transferred.body.linked_accounts.map((a: { type: string }) => a.type).sort()).toEqual(['email', 'telegram'])
    const [gone] = await t.db.query('SELECT id FROM users WHERE id = $1', [holder.user.id])
    expect(gone).toBeUndefined()
    const again = await t.call('/api/v1/telegram/transfer', { body: { nonce }, token: caller.token })
    expectRejected(again)
  })
})

describe('secrets', () => {
  it('never puts the bot token in logs or error bodies', async () => {
    const bodies: unknown[] = []
    bodies.push((await widgetLogin({ ...widgetResult(), first_name: 'Eve' })).body)
    bodies.push((await authenticate({ telegram_web_app_data: widgetResult() })).body)
    bodies.push((await widgetLogin(widgetResult({ auth_date: 1 }))).body)
    bodies.push((await widgetLogin(widgetResult(), noBotApp.id)).body)
    bodies.push((await t.call(`/api/v1/apps/${t.app.id}`)).body)
    expect(logs).toContain('"msg":"request"')
    for (const secret of [BOT_TOKEN, widgetSecret().toString('hex'), webAppSecret().toString('hex')]) {
      expect(logs).not.toContain(secret)
      expect(JSON.stringify(bodies)).not.toContain(secret)
    }
  })
})
