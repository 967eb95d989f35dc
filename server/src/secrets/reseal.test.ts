import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { embeddedWalletRoutes, usersMeRoute } from '../../../src/protocol/index.js'
import { createApp } from '../app.js'
import { serverSecretAad } from '../keys/server-secret.js'
import { signingKeyAad } from '../keys/signing-keys.js'
import { createServerContext } from '../server.js'
import { dumpDatabase } from '../test-support/database-dump.js'
import { startTestServer, type TestServer } from '../test-support/test-server.js'
import { authShareAad } from '../wallets/auth-share-seal.js'
import { createBodyOf, newTestWallet, type TestWallet } from '../wallets/test-fixtures/share-set.js'
import { UnknownKeyEncryptionKeyError, type KeyEncryptionKeys } from './key-encryption-keys.js'
import { rotateKeyEncryptionKey } from './keys-command.js'
import { localKeyEncryptionKeys } from './local-key-encryption-keys.js'
import { countNotUnderActiveKey, resealUnderActiveKey } from './reseal.js'
import { sealedColumns } from './sealed-columns.js'
import { isSealedText, openText, sealedPrefixOf } from './sealed-text.js'

/** The key the test server starts with, the key of the first start after the pre-KEK state, and the rotation's new key. */
const [firstKey, secondKey, thirdKey] = [randomBytes(32), randomBytes(32), randomBytes(32)]
let t: TestServer
let token: string
let wallet: TestWallet
beforeAll(async () => {
  t = await startTestServer({ overrides: { keyEncryptionKeys: localKeyEncryptionKeys(firstKey) } })
  token = (await t.login(`reseal-${Date.now()}@example.com`)).body.token
  wallet = await newTestWallet('ethereum')
  expect((await t.call(embeddedWalletRoutes.create.path, { body: createBodyOf(wallet), token })).status).toBe(200)
})
afterAll(async () => {
  await t?.close()
})

/** A server on the test database with only `keys`: the auth share it releases, and whether it accepts the user's token. */
async function serveWith(keys: KeyEncryptionKeys): Promise<{ authShare: unknown; tokenStatus: number }> {
  const app = createApp(await createServerContext({ quiet: true }, { db: t.db, clock: t.clock, delivery: t.inbox, keyEncryptionKeys: keys }))
  const headers = { 'privy-app-id': t.app.id, 'content-type': 'application/json', authorization: `Bearer ${token}` }
  const released = await app.request(embeddedWalletRoutes.authShare.path.replace(':address', wallet.address), {
    method: 'POST',
    body: JSON.stringify({ chain_type: 'ethereum' }),
    headers,
  })
  const me = await app.request(usersMeRoute.path, { headers })
  return { authShare: ((await released.json()) as { auth_share?: string }).auth_share, tokenStatus: me.status }
}

/** Every sealed column's stored text, as a backup holds it ('~' starts no stored value, so every row is selected). */
async function storedValues(): Promise<string[]> {
  const rows = await Promise.all(sealedColumns.map((column) => t.db.query<{ stored: string }>(column.select, ['~'])))
  return rows.flat().map((row) => row.stored)
}

/** Writes every secret back in clear, as the server stored them before key-encryption keys (the JWK as a jsonb object). */
async function asBeforeKeyEncryption(keys: KeyEncryptionKeys): Promise<void> {
  for (const row of await t.db.query<{ name: string; value: string }>('SELECT name, value FROM server_secrets')) {
    await t.db.query('UPDATE server_secrets SET value = $2 WHERE name = $1', [row.name, await openText(keys, row.value, serverSecretAad(row.name))])
  }
  for (const row of await t.db.query<{ kid: string; sealed: string }>("SELECT kid, private_jwk #>> '{}' AS sealed FROM signing_keys")) {
    await t.db.query('UPDATE signing_keys SET private_jwk = $2::jsonb WHERE kid = $1', [row.kid, await openText(keys, row.sealed, signingKeyAad(row.kid))])
  }
  for (const row of await t.db.query<{ id: number; auth_share: string; app_id: string; entropy_id: string; share_version: number }>(
    'SELECT id, auth_share, app_id, entropy_id, share_version FROM wallet_share_sets',
  )) {
    await t.db.query('UPDATE wallet_share_sets SET auth_share = $2 WHERE id = $1', [
      row.id,
      await openText(keys, row.auth_share, authShareAad({ appId: row.app_id, entropyId: row.entropy_id, shareVersion: row.share_version })),
    ])
  }
}

describe('secrets sealed with the key-encryption key', () => {
  it('opens a database written before key-encryption keys and seals its plaintext on the first start with one', async () => {
    await asBeforeKeyEncryption(localKeyEncryptionKeys(firstKey))
    expect((await dumpDatabase(t.db)).rows.join('\n')).toContain(wallet.split.auth)
    const kek = localKeyEncryptionKeys(secondKey)
    // The same signing key and secrets as before: the user's token still holds, the share still opens.
    expect(await serveWith(kek)).toEqual({ authShare: wallet.split.auth, tokenStatus: 200 })
    const stored = await storedValues()
    expect(stored.length).toBeGreaterThanOrEqual(4)
    expect(stored.every((value) => value.startsWith(sealedPrefixOf(kek.activeKeyId)))).toBe(true)
    expect((await dumpDatabase(t.db)).rows.join('\n')).not.toContain(wallet.split.auth)
  })

  it('rotates: re-seals every value under the new key, finishes an interrupted run when re-run, and the old key alone then opens nothing', async () => {
    expect((await storedValues()).every(isSealedText)).toBe(true)
    const rotating = localKeyEncryptionKeys(thirdKey, [secondKey])
    let seals = 0
    const interrupted: KeyEncryptionKeys = {
      activeKeyId: rotating.activeKeyId,
      open: rotating.open,
      seal: async (plaintext, aad) => {
        if (++seals > 2) throw new Error('interrupted')
        return rotating.seal(plaintext, aad)
      },
    }
    await expect(resealUnderActiveKey(t.db, interrupted)).rejects.toThrow('interrupted')
    const left = await countNotUnderActiveKey(t.db, rotating)
    expect(left).toBeGreaterThan(0)
    // Half-way, a server given both keys works.
    expect(await serveWith(rotating)).toEqual({ authShare: wallet.split.auth, tokenStatus: 200 })
    expect(await rotateKeyEncryptionKey(t.db, rotating)).toContainEqual(
      `Re-sealed ${left} values under key-encryption key ${rotating.activeKeyId}; every sealed value is now under it.`,
    )
    expect(await countNotUnderActiveKey(t.db, rotating)).toBe(0)
    expect(await serveWith(localKeyEncryptionKeys(thirdKey))).toEqual({ authShare: wallet.split.auth, tokenStatus: 200 })
    await expect(
      createServerContext({ quiet: true }, { db: t.db, clock: t.clock, delivery: t.inbox, keyEncryptionKeys: localKeyEncryptionKeys(secondKey) }),
    ).rejects.toBeInstanceOf(UnknownKeyEncryptionKeyError)
  })
})
