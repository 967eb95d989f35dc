import { createHash } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AuthenticatedUserDto } from '../../protocol/index.js'
import { createTransport } from '../api/transport.js'
import { TesseraError } from '../errors/base-error.js'
import { startFakeApi, type FakeApi } from '../test-support/api-server.js'
import { authResponse, makeAccessToken, TEST_APP_ID, userDto } from '../test-support/fixtures.js'
import type { TokenStorage } from '../types.js'
import type { User } from '../user/types.js'
import { storageKeys } from './keys.js'
import { createSessionManager } from './session-manager.js'
import type { LockManagerLike } from './spent-refresh-token.js'
import type { SessionManager, SignOutReason } from './types.js'
import { createMemoryStorage } from './storage.js'

const keys = storageKeys(TEST_APP_ID)
const REFRESH = '/api/v1/sessions'
const LOGOUT = '/api/v1/sessions/logout'
const ME = '/api/v1/users/me'

let api: FakeApi
let storage: TokenStorage
let userChanges: { user: User | null; reason?: SignOutReason }[]

beforeEach(async () => {
  api = await startFakeApi()
  storage = createMemoryStorage()
  userChanges = []
})
afterEach(() => api.close())

function manager(options: { locks?: LockManagerLike | null; storage?: TokenStorage } = {}): SessionManager {
  const session: SessionManager = createSessionManager({
    appId: TEST_APP_ID,
    storage: options.storage ?? storage,
    transport: createTransport({ apiUrl: api.url, appId: TEST_APP_ID, retryDelay: () => 1, getAccessToken: () => session.getAccessToken() }),
    locks: options.locks ?? null,
    onUser: (user, reason) => userChanges.push({ user, reason }),
  })
  return session
}

type LockEntry = { name: string; mode: 'exclusive' | 'shared'; start(): void }

/** An in-process stand-in for navigator.locks: FIFO per name, exclusive or shared, with `query`, like the Web Locks API. */
function createLocks(): LockManagerLike {
  const held: LockEntry[] = []
  const pending: LockEntry[] = []
  const compatible = ({ name, mode }: LockEntry) => held.every((lock) => lock.name !== name || (mode === 'shared' && lock.mode === 'shared'))
  const grant = () => {
    for (const entry of [...pending]) {
      // Nothing overtakes an earlier request for the same name.
      if (pending.find((other) => other.name === entry.name) !== entry || !compatible(entry)) continue
      pending.splice(pending.indexOf(entry), 1)
      held.push(entry)
      entry.start()
    }
  }
  return {
    request: (name, { mode }, callback) =>
      new Promise((resolve, reject) => {
        const entry: LockEntry = {
          name,
          mode,
          start: () =>
            void Promise.resolve()
              .then(callback)
              .finally(() => {
                held.splice(held.indexOf(entry), 1)
                grant()
              })
              .then(resolve, reject),
        }
        pending.push(entry)
        grant()
      }),
    query: async () => ({ held: held.map(({ name, mode }) => ({ name, mode })) }),
  }
}

/**
 * One view of the shared storage per tab, seeded from `storage`: a tab's writes reach the other tabs `lagMs`
 * later (never when null), as localStorage writes travel between Chromium renderers.
 */
async function laggingStorages(tabs: number, lagMs: number | null): Promise<TokenStorage[]> {
  const seed = await Promise.all((await storage.getKeys()).map(async (key) => [key, await storage.get(key)] as const))
  const views = Array.from({ length: tabs }, () => new Map<string, unknown>(seed))
  const change = (origin: Map<string, unknown>, apply: (view: Map<string, unknown>) => void) => {
    apply(origin)
    if (lagMs === null) return
    for (const view of views) if (view !== origin) setTimeout(() => apply(view), lagMs)
  }
  return views.map((view) => ({
    get: (key) => view.get(key) ?? null,
    put: (key, value) => change(view, (target) => void target.set(key, value)),
    del: (key) => change(view, (target) => void target.delete(key)),
    getKeys: () => [...view.keys()],
  }))
}

async function storeSession(ttlSeconds: number, refreshToken: string | null = 'rt-old') {
  const token = await makeAccessToken({ ttlSeconds })
  await storage.put(keys.token, token)
  if (refreshToken) await storage.put(keys.refreshToken, refreshToken)
  return token
}

function answerRefresh(response: () => Promise<AuthenticatedUserDto> | AuthenticatedUserDto, delayMs = 0) {
  api.handle(async (request) => {
    if (request.path === REFRESH) return { body: await response(), delayMs }
    if (request.path === ME) return { body: { user: userDto(), identity_token: null } }
    return { body: {} }
  })
}

describe('token use', () => {
  it('returns an active token (more than 30 s left) without refreshing', async () => {
    const token = await storeSession(120)
    await expect(manager().getAccessToken()).resolves.toBe(token)
    expect(api.requests).toHaveLength(0)
  })

  it('refreshes first when less than 30 s remain, sending the refresh token and the old bearer', async () => {
    const old = await storeSession(20)
    const next = await authResponse({ refresh_token: 'rt-new' })
    answerRefresh(() => next)
    const session = manager()
    await expect(session.getAccessToken()).resolves.toBe(next.token)
    const [call] = api.calls(REFRESH)
    expect(call!.body).toEqual({ refresh_token: 'rt-old' })
    expect(call!.headers.authorization).toBe(`Bearer ${old}`)
    expect(await storage.get(keys.refreshToken)).toBe('rt-new')
    expect(await storage.get(keys.identityToken)).toBe(next.identity_token)
    expect(session.getUser()?.id).toBe('did:privy:user-1')
  })

  it('shares one refresh between 10 concurrent callers', async () => {
    await storeSession(5)
    const next = await authResponse()
    answerRefresh(() => next, 50)
    const session = manager()
    const tokens = await Promise.all(Array.from({ length: 10 }, () => session.getAccessToken()))
    expect(new Set(tokens)).toEqual(new Set([next.token]))
    expect(api.calls(REFRESH)).toHaveLength(1)
  })

  it('shares one refresh between tabs through the lock, re-reading storage after acquiring it', async () => {
    await storeSession(5)
    answerRefresh(() => authResponse(), 50)
    const locks = createLocks()
    const tabs = Array.from({ length: 5 }, () => manager({ locks }))
    const tokens = await Promise.all(tabs.map((tab) => tab.getAccessToken()))
    expect(api.calls(REFRESH)).toHaveLength(1)
    expect(new Set(tokens).size).toBe(1)
    expect(tokens[0]).toBe(await storage.get(keys.token))
    // Tabs that skipped the network call still learn the user.
    expect(tabs.every((tab) => tab.getUser()?.id === 'did:privy:user-1')).toBe(true)
  })

  it('waits for the new tokens when a tab gets the lock before the writes of the refreshing tab reach its storage', async () => {
    await storeSession(5)
    answerRefresh(() => authResponse(), 50)
    const locks = createLocks()
    const tabs = (await laggingStorages(5, 200)).map((tabStorage) => manager({ locks, storage: tabStorage }))
    const tokens = await Promise.all(tabs.map((tab) => tab.getAccessToken()))
    expect(api.calls(REFRESH)).toHaveLength(1)
    expect(new Set(tokens).size).toBe(1)
    expect(tokens[0]).toEqual(expect.any(String))
  })

  it('marks the spent refresh token with a held lock named by its fingerprint, never the token', async () => {
    await storeSession(5)
    answerRefresh(() => authResponse())
    const locks = createLocks()
    await manager({ locks }).getAccessToken()
    const fingerprint = createHash('sha256').update('rt-old').digest('hex').slice(0, 16)
    const { held = [] } = await locks.query()
    expect(held.map((lock) => lock.name)).toEqual([`tessera:rotated:${TEST_APP_ID}:${fingerprint}`])
  })

  it('refreshes after all when the new tokens never reach a tab that found its refresh token spent', async () => {
    await storeSession(5)
    answerRefresh(() => authResponse(), 50)
    const locks = createLocks()
    const tabs = (await laggingStorages(2, null)).map((tabStorage) => manager({ locks, storage: tabStorage }))
    const startedAt = Date.now()
    const tokens = await Promise.all(tabs.map((tab) => tab.getAccessToken()))
    expect(api.calls(REFRESH)).toHaveLength(2)
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(2_000)
    expect(tokens).toEqual([expect.any(String), expect.any(String)])
  })

  it('refreshes once per tab when Web Locks are missing (the control for the test above)', async () => {
    await storeSession(5)
    answerRefresh(() => authResponse(), 50)
    const tabs = Array.from({ length: 3 }, () => manager({ locks: null }))
    await Promise.all(tabs.map((tab) => tab.getAccessToken()))
    expect(api.calls(REFRESH)).toHaveLength(3)
  })

  it('returns null and stays quiet when nothing is stored', async () => {
    await expect(manager().getAccessToken()).resolves.toBeNull()
    expect(api.requests).toHaveLength(0)
  })

  it('clears an expired token that has no refresh token', async () => {
    await storeSession(5, null)
    await expect(manager().getAccessToken()).resolves.toBeNull()
    expect(await storage.getKeys()).toEqual([])
  })
})

describe('session refresh outcome', () => {
  it('set stores every new token and the user', async () => {
    await storeSession(5)
    const next = await authResponse({ user: userDto({ id: 'did:privy:user-2' }) })
    answerRefresh(() => next)
    const session = manager()
    await session.getAccessToken()
    expect(await storage.get(keys.token)).toBe(next.token)
    expect(await storage.get(keys.refreshToken)).toBe(next.refresh_token)
    expect(session.getUser()?.id).toBe('did:privy:user-2')
  })

  it('ignore stores only the access and identity tokens present and keeps the refresh token', async () => {
    await storeSession(5)
    const next = await authResponse({ session_update_action: 'ignore', refresh_token: 'rt-should-not-be-stored', identity_token: null })
    answerRefresh(() => next)
    await expect(manager().getAccessToken()).resolves.toBe(next.token)
    expect(await storage.get(keys.refreshToken)).toBe('rt-old')
    expect(await storage.get(keys.token)).toBe(next.token)
    expect(await storage.get(keys.identityToken)).toBeNull()
  })

  it('clear destroys local tokens and the user', async () => {
    await storeSession(5)
    await storage.put(keys.identityToken, 'id')
    answerRefresh(async () => ({ ...(await authResponse()), session_update_action: 'clear', token: null, refresh_token: null }))
    const session = manager()
    await session.storeLogin(await authResponse())
    await storeSession(5)
    await expect(session.getAccessToken()).resolves.toBeNull()
    expect(await storage.getKeys()).toEqual([])
    expect(session.getUser()).toBeNull()
    expect(userChanges.at(-1)).toEqual({ user: null, reason: 'session-ended' })
  })

  it('missing_or_invalid_token on refresh clears local state and the user', async () => {
    const session = manager()
    await session.storeLogin(await authResponse())
    await storeSession(5)
    api.handle(() => ({ status: 401, body: { error: 'Invalid refresh token', code: 'missing_or_invalid_token' } }))
    await expect(session.getAccessToken()).resolves.toBeNull()
    expect(await storage.getKeys()).toEqual([])
    expect(session.getUser()).toBeNull()
    expect(userChanges.at(-1)?.reason).toBe('session-ended')
  })

  it('keeps the session when the refresh fails for a transient reason', async () => {
    await storeSession(5)
    api.handle(() => ({ status: 503, body: { error: 'Unavailable', code: 'internal_error' } }))
    const error = await manager()
      .getAccessToken()
      .catch((e: unknown) => e)
    expect(TesseraError.is(error) && error.status).toBe(503)
    expect(api.calls(REFRESH)).toHaveLength(4)
    expect(await storage.get(keys.refreshToken)).toBe('rt-old')
  })
})

describe('stored token checks', () => {
  it.each([
    ['not a JWT', 'garbage'],
    ['two parts', 'a.b'],
    ['payload not JSON', 'eyJhbGciOiJFUzI1NiJ9.bm90LWpzb24.c2ln'],
    ['exp not numeric', `eyJhbGciOiJFUzI1NiJ9.${btoa(JSON.stringify({ exp: 'soon', aud: TEST_APP_ID })).replace(/=+$/, '')}.c2ln`],
  ])('destroys local state when the stored token is malformed (%s)', async (_, token) => {
    await storage.put(keys.token, token)
    await storage.put(keys.refreshToken, 'rt-old')
    await expect(manager().getAccessToken()).resolves.toBeNull()
    expect(await storage.getKeys()).toEqual([])
    expect(api.requests).toHaveLength(0)
  })

  it('logs out when the token belongs to another app', async () => {
    await storage.put(keys.token, await makeAccessToken({ appId: 'another-app-0000000000001' }))
    await storage.put(keys.refreshToken, 'rt-old')
    await expect(manager().getAccessToken()).resolves.toBeNull()
    expect(api.calls(LOGOUT)).toHaveLength(1)
    expect(await storage.getKeys()).toEqual([])
  })

  it('reads the app id from aid before aud', async () => {
    const token = await makeAccessToken({ appId: 'provider-app-0000000000001', aid: TEST_APP_ID })
    await storage.put(keys.token, token)
    await expect(manager().getAccessToken()).resolves.toBe(token)
  })
})

describe('login, restore and logout', () => {
  it('storeLogin stores token, refresh token and identity token', async () => {
    const response = await authResponse({ session_update_action: 'ignore' })
    const user = await manager().storeLogin(response)
    expect(user.email?.address).toBe('ada@example.com')
    expect(await storage.get(keys.token)).toBe(response.token)
    expect(await storage.get(keys.refreshToken)).toBe(response.refresh_token)
    expect(await storage.get(keys.identityToken)).toBe(response.identity_token)
  })

  it('storeLogin refuses a response without a user', async () => {
    const response = { ...(await authResponse()), user: null } as unknown as AuthenticatedUserDto
    await expect(manager().storeLogin(response)).rejects.toMatchObject({ shortMessage: 'Authentication failed - no user returned' })
  })

  it('restore loads the user of an active stored session', async () => {
    const token = await storeSession(600)
    answerRefresh(() => authResponse())
    const user = await manager().restore()
    expect(user?.id).toBe('did:privy:user-1')
    expect(api.calls(ME)[0]!.headers.authorization).toBe(`Bearer ${token}`)
    expect(api.calls(REFRESH)).toHaveLength(0)
  })

  it('logout calls the server, then clears tokens, the analytics id and the user', async () => {
    const session = manager()
    await session.storeLogin(await authResponse({ refresh_token: 'rt-1' }))
    const caid = await session.getAnalyticsId()
    expect(await storage.get(keys.analyticsId)).toBe(caid)
    await session.logout()
    expect(api.calls(LOGOUT)[0]!.body).toEqual({ refresh_token: 'rt-1' })
    expect(await storage.getKeys()).toEqual([])
    expect(session.getUser()).toBeNull()
    expect(userChanges.at(-1)).toEqual({ user: null, reason: 'user' })
    expect(await session.getAnalyticsId()).not.toBe(caid)
  })

  it('logout clears local state even when the server call fails', async () => {
    const session = manager()
    await session.storeLogin(await authResponse())
    api.handle(() => ({ status: 500, body: { error: 'boom', code: 'internal_error' } }))
    await session.logout()
    expect(api.calls(LOGOUT).length).toBeGreaterThan(0)
    expect(await storage.getKeys()).toEqual([])
    expect(session.getUser()).toBeNull()
  })

  it('logout clears local state when the server is unreachable', async () => {
    const session = manager()
    await session.storeLogin(await authResponse())
    await api.close()
    await session.logout()
    expect(await storage.getKeys()).toEqual([])
    api = await startFakeApi()
  })

  it('creates the analytics id once', async () => {
    const session = manager()
    const ids = await Promise.all([session.getAnalyticsId(), session.getAnalyticsId()])
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/)
    expect(ids[1]).toBe(ids[0])
    expect(await manager().getAnalyticsId()).toBe(ids[0])
  })
})

describe('other tabs', () => {
  it('follows login and logout made in another tab through the storage event', async () => {
    const target = new EventTarget()
    vi.stubGlobal('window', target)
    try {
      answerRefresh(() => authResponse())
      const session = manager()
      const stop = session.watchOtherTabs()
      await storeSession(600)
      target.dispatchEvent(Object.assign(new Event('storage'), { key: keys.token }))
      await vi.waitFor(() => expect(session.getUser()?.id).toBe('did:privy:user-1'))
      await storage.del(keys.token)
      target.dispatchEvent(Object.assign(new Event('storage'), { key: keys.token }))
      await vi.waitFor(() => expect(session.getUser()).toBeNull())
      expect(userChanges.at(-1)?.reason).toBe('session-ended')
      stop()
    } finally {
      vi.unstubAllGlobals()
    }
  })
})
