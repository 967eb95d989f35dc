import { combine } from 'shamir-secret-sharing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { embeddedWalletRoutes } from '../../../src/protocol/index.js'
import { createApp } from '../app.js'
import { createServerContext } from '../server.js'
import { startTestServer, TEST_ORIGIN, type TestServer } from '../test-support/test-server.js'
import { createBodyOf, newTestWallet, randomAddress, splitEntropy, testSealedShare, type TestWallet } from './test-fixtures/share-set.js'

let t: TestServer
beforeAll(async () => {
  const plenty = { max: 10_000, windowSeconds: 60 }
  // Many sign-ins and recoveries from one loopback IP; the per-IP cap has its own test below.
  t = await startTestServer({ server: { rateLimits: { initPerIp: plenty, authenticatePerIp: plenty, walletKeyMaterialPerIp: plenty } } })
})
afterAll(async () => {
  await t?.close()
})

const at = (route: { path: string }, address = '') => route.path.replace(':address', address)
let users = 0
async function signIn(): Promise<{ token: string; userId: string }> {
  const login = await t.login(`wallet-user-${++users}@example.com`)
  expect(login.status).toBe(200)
  return { token: login.body.token, userId: login.body.user.id }
}
const create = (token: string, wallet: TestWallet, extra?: Parameters<typeof createBodyOf>[1]) =>
  t.call(embeddedWalletRoutes.create.path, { body: createBodyOf(wallet, extra), token })
const unwrap = (share: string) => Uint8Array.from(Buffer.from(share, 'base64').subarray(21))
const error = (response: { status: number; body: { code: string } }) => [response.status, response.body.code]

describe('create', () => {
  it('stores a share set and answers the address only with the linked account in place', async () => {
    const { token } = await signIn()
    for (const chain of ['ethereum', 'solana'] as const) {
      const wallet = await newTestWallet(chain)
      const response = await create(token, wallet)
      expect(response.status).toBe(200)
      expect(response.body).toMatchObject({ address: wallet.address, entropy_id: wallet.address, created: true })
      expect(response.body.user.linked_accounts).toContainEqual(
        expect.objectContaining({
          type: 'wallet',
          address: wallet.address,
          chain_type: chain,
          wallet_client_type: 'privy',
          connector_type: 'embedded',
          recovery_method: 'privy',
          wallet_index: 0,
          imported: false,
          delegated: false,
          chain_id: chain === 'ethereum' ? 'eip155:1' : 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
        }),
      )
    }
    const me = await t.call('/api/v1/users/me', { token })
    expect(me.body.user.linked_accounts.filter((a: { connector_type?: string }) => a.connector_type === 'embedded')).toHaveLength(2)
  })

  it('keeps the automatic recovery share and the auth share sealed in the database, not in plaintext', async () => {
    const { token } = await signIn()
    const wallet = await newTestWallet('ethereum')
    expect((await create(token, wallet)).status).toBe(200)
    const [row] = await t.db.query<{ auth_share: string; recovery_share_sealed: string; recovery_method: string }>(
      'SELECT auth_share, recovery_share_sealed, recovery_method FROM wallet_share_sets WHERE entropy_id = $1',
      [wallet.address],
    )
    expect(row!.recovery_method).toBe('privy')
    expect(row!.auth_share).toMatch(/^kek1\./)
    expect(row!.recovery_share_sealed).toMatch(/^aes-256-gcm\.v1\./)
    const stored = JSON.stringify(await t.db.query('SELECT * FROM wallet_share_sets WHERE entropy_id = $1', [wallet.address]))
    for (const share of [wallet.split.recovery, wallet.split.auth])
      for (const form of [share, Buffer.from(share, 'base64').toString('hex'), Buffer.from(share, 'base64').toString('base64url')]) {
        expect(stored).not.toContain(form)
      }
  })

  it('checksums Ethereum addresses and refuses addresses of the wrong chain or a mismatched entropy id', async () => {
    const { token } = await signIn()
    const wallet = await newTestWallet('ethereum')
    const lower = { ...createBodyOf(wallet), address: wallet.address.toLowerCase(), entropy_id: wallet.address.toLowerCase() }
    const created = await t.call(embeddedWalletRoutes.create.path, { body: lower, token })
    expect(created.body.address).toBe(wallet.address)
    const other = await signIn()
    const solana = await newTestWallet('solana')
    for (const body of [
      { ...createBodyOf(solana), address: randomAddress('ethereum'), entropy_id: randomAddress('ethereum') },
      { ...createBodyOf(await newTestWallet('ethereum')), address: randomAddress('solana') },
      { ...createBodyOf(await newTestWallet('ethereum')), entropy_id: randomAddress('ethereum') },
      { ...createBodyOf(await newTestWallet('ethereum')), entropy_id_verifier: 'solana-address-verifier' },
      { ...createBodyOf(await newTestWallet('ethereum')), share_version: 2 },
    ]) {
      expect(error(await t.call(embeddedWalletRoutes.create.path, { body, token: other.token }))).toEqual([400, 'invalid_data'])
    }
  })

  it('refuses shares that are not one split of the stated version', async () => {
    const { token } = await signIn()
    const wallet = await newTestWallet('ethereum')
    const otherSplit = await splitEntropy(wallet.entropy, 1)
    const versionTwo = await splitEntropy(wallet.entropy, 2)
    for (const [auth_share, recovery] of [
      [wallet.split.auth, otherSplit.recovery],
      [versionTwo.auth, versionTwo.recovery],
      [wallet.split.auth, wallet.split.auth],
      ['AAAA', wallet.split.recovery],
      [Buffer.from('not a share at all, just text').toString('base64'), wallet.split.recovery],
    ]) {
      const response = await t.call(embeddedWalletRoutes.create.path, {
        body: { ...createBodyOf(wallet), auth_share, recovery: { method: 'privy', share: recovery } },
        token,
      })
      expect(error(response)).toEqual([400, 'invalid_data'])
    }
    expect(await t.db.query('SELECT 1 FROM wallet_share_sets WHERE entropy_id = $1', [wallet.address])).toHaveLength(0)
  })

  it('answers a second create for the chain with the existing wallet and stores none of its shares', async () => {
    const { token } = await signIn()
    const first = await newTestWallet('solana')
    const second = await newTestWallet('solana')
    expect((await create(token, first)).body.created).toBe(true)
    const again = await create(token, second)
    expect(again.status).toBe(200)
    expect(again.body).toMatchObject({ address: first.address, entropy_id: first.address, created: false })
    expect(await t.db.query('SELECT 1 FROM wallet_share_sets WHERE entropy_id = $1', [second.address])).toHaveLength(0)
    // A retry of the committed create itself is told its shares are the stored ones.
    expect((await create(token, first)).body).toMatchObject({ address: first.address, created: true })
  })

  it('gives 20 concurrent creates one wallet and the same address, with or without an idempotency key (docs/security.md #56)', async () => {
    for (const key of ['create-ethereum-once', undefined]) {
      const { token, userId } = await signIn()
      const wallets = await Promise.all(Array.from({ length: 20 }, () => newTestWallet('ethereum')))
      const responses = await Promise.all(wallets.map((wallet) => create(token, wallet, { idempotency_key: key })))
      expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200))
      const addresses = new Set(responses.map((r) => r.body.address))
      expect(addresses.size).toBe(1)
      expect(responses.filter((r) => r.body.created)).toHaveLength(1)
      expect(await t.db.query('SELECT 1 FROM embedded_wallets WHERE user_id = $1', [userId])).toHaveLength(1)
      expect(await t.db.query('SELECT 1 FROM wallet_share_sets WHERE user_id = $1', [userId])).toHaveLength(1)
      expect(await t.db.query("SELECT 1 FROM linked_accounts WHERE user_id = $1 AND type = 'wallet'", [userId])).toHaveLength(1)
    }
  })

  it('leaves no partial wallet when creation fails at its last step, and a retry with the same key then succeeds (docs/security.md #57)', async () => {
    const { token, userId } = await signIn()
    const wallet = await newTestWallet('ethereum')
    // The linked account is written last in the transaction: make exactly that write fail.
    await t.db.query(`CREATE FUNCTION refuse_wallet_account() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'simulated crash'; END $$`)
    await t.db.query(
      `CREATE TRIGGER refuse_wallet_account BEFORE INSERT ON linked_accounts FOR EACH ROW WHEN (NEW.address = '${wallet.address}') EXECUTE FUNCTION refuse_wallet_account()`,
    )
    try {
      const failed = await create(token, wallet, { idempotency_key: 'crash-once' })
      expect(failed.status).toBe(500)
      expect(JSON.stringify(failed.body)).not.toContain(wallet.address)
      for (const table of ['wallet_share_sets', 'embedded_wallets'])
        expect(await t.db.query(`SELECT 1 FROM ${table} WHERE user_id = $1`, [userId])).toHaveLength(0)
    } finally {
      await t.db.query('DROP TRIGGER refuse_wallet_account ON linked_accounts')
      await t.db.query('DROP FUNCTION refuse_wallet_account()')
    }
    const retried = await create(token, wallet, { idempotency_key: 'crash-once' })
    expect(retried.body).toMatchObject({ address: wallet.address, created: true })
    expect((await t.call(at(embeddedWalletRoutes.keyMaterial, wallet.address), { body: { chain_type: 'ethereum' }, token })).body).toMatchObject({
      auth_share: wallet.split.auth,
      recovery_share: wallet.split.recovery,
    })
  })

  it('refuses an address another user registered, and automatic recovery when the app requires a password', async () => {
    const wallet = await newTestWallet('ethereum')
    expect((await create((await signIn()).token, wallet)).status).toBe(200)
    expect(error(await create((await signIn()).token, wallet))).toEqual([400, 'resource_already_exists'])

    const strict = await t.createApp({
      name: 'Password wallets',
      allowedOrigins: [TEST_ORIGIN],
      embeddedWallets: {
        ethereumCreateOnLogin: 'off',
        solanaCreateOnLogin: 'off',
        requireUserPasswordOnCreate: true,
        userOwnedRecoveryOptions: ['user-passcode'],
        googleDriveApiUrl: 'https://www.googleapis.com',
      },
    })
    const login = await t.login('strict-wallet@example.com', strict.id)
    const automatic = await t.call(embeddedWalletRoutes.create.path, {
      body: createBodyOf(await newTestWallet('ethereum')),
      token: login.body.token,
      appId: strict.id,
    })
    expect(error(automatic)).toEqual([400, 'disallowed_recovery_method'])
    const sealed = testSealedShare()
    const password = await t.call(embeddedWalletRoutes.create.path, {
      body: createBodyOf(await newTestWallet('ethereum'), { recovery: { method: 'user-passcode', sealed } }),
      token: login.body.token,
      appId: strict.id,
    })
    expect(password.status).toBe(200)
    expect(password.body.user.linked_accounts).toContainEqual(expect.objectContaining({ recovery_method: 'user-passcode' }))
  })
})

describe('add', () => {
  it("records HD wallets one index at a time on the user's own share set", async () => {
    const { token } = await signIn()
    const wallet = await newTestWallet('ethereum')
    await create(token, wallet)
    const add = (wallet_index: number, address: string, entropy_id = wallet.address, caller = token) =>
      t.call(embeddedWalletRoutes.add.path, { body: { chain_type: 'ethereum', address, entropy_id, wallet_index }, token: caller })
    const second = randomAddress('ethereum')
    const skipped = await add(2, randomAddress('ethereum'))
    expect(error(skipped)).toEqual([400, 'invalid_data'])
    expect(skipped.body.error).toBe('Invalid request body: wallet_index: the next wallet index is 1')
    const added = await add(1, second)
    expect(added.status).toBe(200)
    expect(added.body).toMatchObject({ address: second, created: true })
    expect(added.body.user.linked_accounts).toContainEqual(
      expect.objectContaining({ address: second, wallet_index: 1, connector_type: 'embedded', recovery_method: 'privy' }),
    )
    expect((await add(1, second)).body).toMatchObject({ address: second, created: false })
    expect(error(await add(1, randomAddress('ethereum')))).toEqual([400, 'invalid_data'])
    expect(error(await add(2, randomAddress('ethereum'), randomAddress('ethereum')))).toEqual([404, 'not_found'])
    expect(error(await add(2, randomAddress('ethereum'), wallet.address, (await signIn()).token))).toEqual([404, 'not_found'])
    // The new wallet's shares are its share set's.
    const shares = await t.call(at(embeddedWalletRoutes.authShare, second), { body: { chain_type: 'ethereum' }, token })
    expect(shares.body).toMatchObject({ auth_share: wallet.split.auth, entropy_id: wallet.address, share_version: 1 })
  })
})

describe('auth share and key material', () => {
  it("releases the owner's auth share, and with key material the unsealed recovery share that combines to the entropy", async () => {
    const { token } = await signIn()
    const wallet = await newTestWallet('solana')
    await create(token, wallet)
    const auth = await t.call(at(embeddedWalletRoutes.authShare, wallet.address), { body: { chain_type: 'solana' }, token })
    expect(auth.status).toBe(200)
    expect(auth.body).toEqual({ auth_share: wallet.split.auth, share_version: 1, entropy_id: wallet.address, entropy_id_verifier: 'solana-address-verifier' })
    const material = await t.call(at(embeddedWalletRoutes.keyMaterial, wallet.address), { body: { chain_type: 'solana' }, token })
    expect(material.status).toBe(200)
    expect(material.body).toMatchObject({ auth_share: wallet.split.auth, recovery_method: 'privy', recovery_share: wallet.split.recovery, share_version: 1 })
    expect(await combine([unwrap(material.body.auth_share), unwrap(material.body.recovery_share)])).toEqual(wallet.entropy)
  })

  it("returns a password wallet's recovery share still sealed", async () => {
    const { token } = await signIn()
    const wallet = await newTestWallet('ethereum')
    const sealed = testSealedShare()
    await create(token, wallet, { recovery: { method: 'user-passcode', sealed } })
    const material = await t.call(at(embeddedWalletRoutes.keyMaterial, wallet.address), { body: { chain_type: 'ethereum' }, token })
    expect(material.body).toEqual({
      auth_share: wallet.split.auth,
      share_version: 1,
      entropy_id: wallet.address,
      entropy_id_verifier: 'ethereum-address-verifier',
      recovery_method: 'user-passcode',
      sealed_recovery_share: sealed,
    })
  })

  it("answers 401 for no, a forged or an expired token and 404 for another user's wallet, before reading any share (docs/security.md #41)", async () => {
    const owner = await signIn()
    const stranger = await signIn()
    const wallet = await newTestWallet('ethereum')
    await create(owner.token, wallet)
    const next = await splitEntropy(wallet.entropy, 2)
    const body = { chain_type: 'ethereum', previous_share_version: 1, auth_share: next.auth, recovery: { method: 'privy', share: next.recovery } }
    const routes = [embeddedWalletRoutes.authShare, embeddedWalletRoutes.keyMaterial, embeddedWalletRoutes.reshare]
    for (const route of routes) {
      const path = at(route, wallet.address)
      expect(error(await t.call(path, { body }))).toEqual([401, 'missing_or_invalid_token'])
      expect(error(await t.call(path, { body, token: `${owner.token.slice(0, -4)}AAAA` }))).toEqual([401, 'missing_or_invalid_token'])
      const foreign = await t.call(path, { body, token: stranger.token })
      expect(error(foreign)).toEqual([404, 'not_found'])
      expect(JSON.stringify(foreign.body)).not.toContain(wallet.split.auth)
    }
    for (const route of [embeddedWalletRoutes.create, embeddedWalletRoutes.add])
      expect(error(await t.call(route.path, { body: createBodyOf(wallet) }))).toEqual([401, 'missing_or_invalid_token'])
    // A token of another app's user does not reach this app's wallets either.
    const elsewhere = await t.createApp({ name: 'Elsewhere', allowedOrigins: [TEST_ORIGIN] })
    const foreignApp = await t.login('elsewhere@example.com', elsewhere.id)
    expect(error(await t.call(at(embeddedWalletRoutes.authShare, wallet.address), { body: { chain_type: 'ethereum' }, token: foreignApp.body.token }))).toEqual(
      [401, 'missing_or_invalid_token'],
    )
    // After logout the session is gone, the token with it.
    expect((await t.call('/api/v1/sessions/logout', { body: {}, token: owner.token })).status).toBeLessThan(300)
    expect(error(await t.call(at(embeddedWalletRoutes.authShare, wallet.address), { body: { chain_type: 'ethereum' }, token: owner.token }))).toEqual([
      401,
      'missing_or_invalid_token',
    ])
  })

  it('rate-limits key material per user (docs/security.md #47)', async () => {
    const { token } = await signIn()
    const wallet = await newTestWallet('ethereum')
    await create(token, wallet)
    const statuses: number[] = []
    for (let i = 0; i < 11; i++)
      statuses.push((await t.call(at(embeddedWalletRoutes.keyMaterial, wallet.address), { body: { chain_type: 'ethereum' }, token })).status)
    expect(statuses).toEqual([...Array(10).fill(200), 429])
    // The auth share alone (connect on a device that holds its share) is not the recovery path and stays available.
    expect((await t.call(at(embeddedWalletRoutes.authShare, wallet.address), { body: { chain_type: 'ethereum' }, token })).status).toBe(200)
  })
})

describe('key material per IP', () => {
  it('caps key material per client IP across users (docs/security.md #47)', async () => {
    const ctx = await createServerContext(
      { quiet: true, trustProxy: true, rateLimits: { walletKeyMaterialPerIp: { max: 3, windowSeconds: 900 } } },
      { db: t.db, clock: t.clock, delivery: t.inbox },
    )
    const app = createApp(ctx)
    const statuses: number[] = []
    for (let i = 0; i < 4; i++) {
      const { token } = await signIn()
      const wallet = await newTestWallet('solana')
      await create(token, wallet)
      const response = await app.request(at(embeddedWalletRoutes.keyMaterial, wallet.address), {
        method: 'POST',
        body: JSON.stringify({ chain_type: 'solana' }),
        headers: { 'privy-app-id': t.app.id, 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-forwarded-for': '203.0.113.7' },
      })
      statuses.push(response.status)
    }
    expect(statuses).toEqual([200, 200, 200, 429])
  })
})

describe('reshare', () => {
  it('replaces the shares with the next version, retires the old auth share and refuses a stale version (docs/security.md #46)', async () => {
    const { token } = await signIn()
    const wallet = await newTestWallet('ethereum')
    await create(token, wallet)
    const next = await splitEntropy(wallet.entropy, 2)
    const reshare = (previous_share_version: number, split = next) =>
      t.call(at(embeddedWalletRoutes.reshare, wallet.address), {
        body: { chain_type: 'ethereum', previous_share_version, auth_share: split.auth, recovery: { method: 'privy', share: split.recovery } },
        token,
      })
    const done = await reshare(1)
    expect(done.status).toBe(200)
    expect(done.body.share_version).toBe(2)
    const auth = await t.call(at(embeddedWalletRoutes.authShare, wallet.address), { body: { chain_type: 'ethereum' }, token })
    expect(auth.body).toMatchObject({ auth_share: next.auth, share_version: 2 })
    const stored = JSON.stringify(await t.db.query('SELECT * FROM wallet_share_sets WHERE entropy_id = $1', [wallet.address]))
    expect(stored).not.toContain(wallet.split.auth)
    // The old device share and the new auth share come from different splits: they no longer give the entropy.
    expect(await combine([unwrap(wallet.split.device), unwrap(next.auth)]).catch(() => null)).not.toEqual(wallet.entropy)
    const stale = await reshare(1, await splitEntropy(wallet.entropy, 2))
    expect(error(stale)).toEqual([400, 'invalid_data'])
    expect(stale.body.error).toBe('Wallet shares changed on another device')
    // Shares whose header does not carry version previous + 1 are refused.
    expect(error(await reshare(2, await splitEntropy(wallet.entropy, 2)))).toEqual([400, 'invalid_data'])
    expect((await reshare(2, await splitEntropy(wallet.entropy, 3))).body.share_version).toBe(3)
  })

  it('lets only one of two concurrent reshares from the same version win', async () => {
    const { token } = await signIn()
    const wallet = await newTestWallet('solana')
    await create(token, wallet)
    const splits = await Promise.all([splitEntropy(wallet.entropy, 2), splitEntropy(wallet.entropy, 2)])
    const responses = await Promise.all(
      splits.map((split) =>
        t.call(at(embeddedWalletRoutes.reshare, wallet.address), {
          body: { chain_type: 'solana', previous_share_version: 1, auth_share: split.auth, recovery: { method: 'privy', share: split.recovery } },
          token,
        }),
      ),
    )
    expect(responses.map((r) => r.status).sort()).toEqual([200, 400])
    const winner = splits[responses.findIndex((r) => r.status === 200)]!
    const material = await t.call(at(embeddedWalletRoutes.keyMaterial, wallet.address), { body: { chain_type: 'solana' }, token })
    expect(material.body).toMatchObject({ auth_share: winner.auth, recovery_share: winner.recovery, share_version: 2 })
  })

  it('switches the recovery method of every wallet of the set', async () => {
    const { token } = await signIn()
    const wallet = await newTestWallet('ethereum')
    await create(token, wallet)
    const second = randomAddress('ethereum')
    await t.call(embeddedWalletRoutes.add.path, { body: { chain_type: 'ethereum', address: second, entropy_id: wallet.address, wallet_index: 1 }, token })
    const next = await splitEntropy(wallet.entropy, 2)
    const sealed = testSealedShare()
    const done = await t.call(at(embeddedWalletRoutes.reshare, second), {
      body: { chain_type: 'ethereum', previous_share_version: 1, auth_share: next.auth, recovery: { method: 'user-passcode', sealed } },
      token,
    })
    expect(done.status).toBe(200)
    const embedded = done.body.user.linked_accounts.filter((a: { connector_type?: string }) => a.connector_type === 'embedded')
    expect(embedded.map((a: { recovery_method: string }) => a.recovery_method)).toEqual(['user-passcode', 'user-passcode'])
    const material = await t.call(at(embeddedWalletRoutes.keyMaterial, wallet.address), { body: { chain_type: 'ethereum' }, token })
    expect(material.body.sealed_recovery_share).toEqual(sealed)
  })
})

describe('around the endpoints', () => {
  it('refuses unlinking an embedded wallet', async () => {
    const { token } = await signIn()
    const wallet = await newTestWallet('ethereum')
    await create(token, wallet)
    expect(error(await t.call('/api/v1/siwe/unlink', { body: { address: wallet.address }, token }))).toEqual([400, 'cannot_unlink_embedded_wallet'])
  })

  it("accepts browser calls from the server's own origin (the frame) and refuses the app's page", async () => {
    const { token } = await signIn()
    const wallet = await newTestWallet('ethereum')
    const own = new URL(t.url).origin
    expect((await t.call(embeddedWalletRoutes.create.path, { body: createBodyOf(wallet), token, headers: { origin: own } })).status).toBe(200)
    expect(
      error(await t.call(at(embeddedWalletRoutes.authShare, wallet.address), { body: { chain_type: 'ethereum' }, token, headers: { origin: TEST_ORIGIN } })),
    ).toEqual([403, 'invalid_origin'])
    // Other routes keep the app's origins.
    expect((await t.call('/api/v1/users/me', { token, headers: { origin: TEST_ORIGIN } })).status).toBe(200)
    expect(error(await t.call('/api/v1/users/me', { token, headers: { origin: own } }))).toEqual([403, 'invalid_origin'])
  })

  it('answers bad bodies with 4xx invalid_data, never 5xx', async () => {
    const { token } = await signIn()
    const wallet = await newTestWallet('ethereum')
    await create(token, wallet)
    const bodies = [
      '{"chain_type": ',
      '[1,2]',
      '"x"',
      JSON.stringify({ chain_type: 'bitcoin' }),
      JSON.stringify({ chain_type: 'ethereum\u0000', address: 5, auth_share: {}, recovery: { method: 'privy', share: 'x\u0000' } }),
      JSON.stringify({
        chain_type: ['ethereum'],
        previous_share_version: 'one',
        auth_share: '\uD800'.repeat(300),
        recovery: { method: 'user-passcode', sealed: { kdf: { name: 'scrypt', n: 2, r: 1, p: 1, salt: 'AAAA' }, iv: 'AAAA', ciphertext: 'AAAA' } },
      }),
      '['.repeat(10_000) + ']'.repeat(10_000),
    ]
    const paths = [
      embeddedWalletRoutes.create.path,
      embeddedWalletRoutes.add.path,
      ...[embeddedWalletRoutes.authShare, embeddedWalletRoutes.keyMaterial, embeddedWalletRoutes.reshare].map((route) => at(route, wallet.address)),
    ]
    for (const path of paths) {
      for (const rawBody of bodies) {
        const response = await t.call(path, { rawBody, token })
        expect(response.status, `${path} ${rawBody.slice(0, 40)}`).toBe(400)
        expect(response.body.code).toBe('invalid_data')
      }
    }
    for (const address of ['not-an-address', '0x1234', encodeURIComponent('0x../../etc')]) {
      expect(error(await t.call(at(embeddedWalletRoutes.authShare, address), { body: { chain_type: 'ethereum' }, token }))).toEqual([404, 'not_found'])
    }
  })

  it('rejects expired tokens (docs/security.md #41)', async () => {
    const { token } = await signIn()
    const wallet = await newTestWallet('ethereum')
    await create(token, wallet)
    t.clock.advance(3600 + 120)
    expect(error(await t.call(at(embeddedWalletRoutes.authShare, wallet.address), { body: { chain_type: 'ethereum' }, token }))).toEqual([
      401,
      'missing_or_invalid_token',
    ])
  })
})
