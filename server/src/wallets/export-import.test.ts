import { ed25519 } from '@noble/curves/ed25519'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { embeddedWalletRoutes, encodeBase58 } from '../../../src/protocol/index.js'
import { startTestServer, type TestServer } from '../test-support/test-server.js'
import { FRESH_PROOF_WINDOW_MS } from './require-fresh-proof.js'
import { createBodyOf, newTestWallet, splitEntropy, type TestWallet } from './test-fixtures/share-set.js'

let t: TestServer
beforeAll(async () => {
  const plenty = { max: 10_000, windowSeconds: 60 }
  t = await startTestServer({ server: { rateLimits: { initPerIp: plenty, authenticatePerIp: plenty } } })
})
afterAll(async () => {
  await t?.close()
})

const at = (route: { path: string }, address: string) => route.path.replace(':address', address)
let users = 0
async function signIn(): Promise<{ token: string; userId: string }> {
  const login = await t.login(`export-user-${++users}@example.com`)
  expect(login.status).toBe(200)
  return { token: login.body.token, userId: login.body.user.id }
}
const error = (response: { status: number; body: { code: string } }) => [response.status, response.body.code]

/** An imported key's share set as the frame makes it: the 32-byte key is the split secret, its address the entropy id. */
async function importedWallet(chain: 'ethereum' | 'solana'): Promise<TestWallet> {
  if (chain === 'ethereum') {
    const key = generatePrivateKey()
    const entropy = Uint8Array.from(Buffer.from(key.slice(2), 'hex'))
    return { chain, address: privateKeyToAddress(key), entropy, split: await splitEntropy(entropy, 1) }
  }
  const seed = ed25519.utils.randomSecretKey()
  return { chain, address: encodeBase58(ed25519.getPublicKey(seed)), entropy: seed, split: await splitEntropy(seed, 1) }
}
const importBody = (wallet: TestWallet) => ({ ...createBodyOf(wallet), imported: true })

describe('export', () => {
  const exportShare = (token: string | undefined, address: string, chain = 'ethereum') =>
    t.call(at(embeddedWalletRoutes.exportShare, address), { body: { chain_type: chain }, ...(token ? { token } : {}) })

  it('releases the auth share to the owner signed in within the last 10 minutes', async () => {
    const { token } = await signIn()
    const wallet = await newTestWallet('ethereum')
    expect((await t.call(embeddedWalletRoutes.create.path, { body: createBodyOf(wallet), token })).status).toBe(200)
    const response = await exportShare(token, wallet.address)
    expect(response.status).toBe(200)
    expect(response.body).toEqual({
      auth_share: wallet.split.auth,
      share_version: 1,
      entropy_id: wallet.address,
      entropy_id_verifier: 'ethereum-address-verifier',
    })
  })

  it('with include_recovery answers the key material (automatic recovery: the share unsealed), for the frame without the device share', async () => {
    const { token } = await signIn()
    const wallet = await newTestWallet('ethereum')
    expect((await t.call(embeddedWalletRoutes.create.path, { body: createBodyOf(wallet), token })).status).toBe(200)
    const response = await t.call(at(embeddedWalletRoutes.exportShare, wallet.address), { body: { chain_type: 'ethereum', include_recovery: true }, token })
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({ auth_share: wallet.split.auth, recovery_method: 'privy', recovery_share: wallet.split.recovery })
  })

  it('refuses no token, another user’s wallet, and a session whose sign-in is older than 10 minutes (docs/security.md #48)', async () => {
    const owner = await signIn()
    const wallet = await newTestWallet('solana')
    expect((await t.call(embeddedWalletRoutes.create.path, { body: createBodyOf(wallet), token: owner.token })).status).toBe(200)
    expect(error(await exportShare(undefined, wallet.address, 'solana'))).toEqual([401, 'missing_or_invalid_token'])
    const stranger = await signIn()
    expect(error(await exportShare(stranger.token, wallet.address, 'solana'))).toEqual([404, 'not_found'])

    await t.db.query('UPDATE sessions SET created_at = created_at - $2 WHERE user_id = $1', [owner.userId, FRESH_PROOF_WINDOW_MS + 1000])
    // The session is still live for everything else; only the export wants a fresh sign-in.
    expect((await t.call(at(embeddedWalletRoutes.authShare, wallet.address), { body: { chain_type: 'solana' }, token: owner.token })).status).toBe(200)
    const stale = await exportShare(owner.token, wallet.address, 'solana')
    expect(error(stale)).toEqual([403, 'missing_or_invalid_token'])
    expect(stale.body.error).toBe('Sign in again to export your wallet')
    expect(JSON.stringify(stale.body)).not.toContain(wallet.split.auth)
  })
})

describe('import (create with imported: true)', () => {
  it('registers the key beside the user’s HD wallet, as imported with wallet index 0 and no effect on HD indexes', async () => {
    const { token } = await signIn()
    const hd = await newTestWallet('ethereum')
    expect((await t.call(embeddedWalletRoutes.create.path, { body: createBodyOf(hd), token })).status).toBe(200)
    const first = await importedWallet('ethereum')
    const second = await importedWallet('ethereum')
    for (const wallet of [first, second]) {
      const response = await t.call(embeddedWalletRoutes.create.path, { body: importBody(wallet), token })
      expect(response.status).toBe(200)
      expect(response.body).toMatchObject({ address: wallet.address, entropy_id: wallet.address, created: true })
      expect(response.body.user.linked_accounts).toContainEqual(
        expect.objectContaining({ address: wallet.address, imported: true, wallet_index: 0, connector_type: 'embedded' }),
      )
    }
    const rows = await t.db.query<{ wallet_index: number; imported: boolean }>(
      'SELECT w.wallet_index, s.imported FROM embedded_wallets w JOIN wallet_share_sets s ON s.id = w.share_set_id WHERE w.address = ANY($1::text[]) ORDER BY w.wallet_index',
      [[hd.address, first.address, second.address]],
    )
    expect(rows).toEqual([
      { wallet_index: -2, imported: true },
      { wallet_index: -1, imported: true },
      { wallet_index: 0, imported: false },
    ])

    // The next HD wallet is still index 1; an imported key has no siblings.
    const sibling = await newTestWallet('ethereum')
    expect(
      (
        await t.call(embeddedWalletRoutes.add.path, {
          body: { chain_type: 'ethereum', address: sibling.address, entropy_id: hd.address, wallet_index: 1 },
          token,
        })
      ).status,
    ).toBe(200)
    const refused = await t.call(embeddedWalletRoutes.add.path, {
      body: { chain_type: 'ethereum', address: (await newTestWallet('ethereum')).address, entropy_id: first.address, wallet_index: 2 },
      token,
    })
    expect(error(refused)).toEqual([400, 'invalid_data'])
  })

  it('an import with no HD wallet yet is not the primary: a later create still makes index 0', async () => {
    const { token } = await signIn()
    const imported = await importedWallet('solana')
    expect((await t.call(embeddedWalletRoutes.create.path, { body: importBody(imported), token })).body).toMatchObject({ created: true })
    const hd = await newTestWallet('solana')
    expect((await t.call(embeddedWalletRoutes.create.path, { body: createBodyOf(hd), token })).body).toMatchObject({ address: hd.address, created: true })
  })

  it('the same key again answers the stored wallet; another user cannot import it', async () => {
    const { token } = await signIn()
    const wallet = await importedWallet('ethereum')
    expect((await t.call(embeddedWalletRoutes.create.path, { body: importBody(wallet), token })).body.created).toBe(true)
    const retry = await t.call(embeddedWalletRoutes.create.path, { body: importBody(wallet), token })
    expect(retry.body).toMatchObject({ address: wallet.address, created: true })
    const resplit = { ...wallet, split: await splitEntropy(wallet.entropy, 1) }
    expect((await t.call(embeddedWalletRoutes.create.path, { body: importBody(resplit), token })).body).toMatchObject({
      address: wallet.address,
      created: false,
    })
    const other = await signIn()
    expect(error(await t.call(embeddedWalletRoutes.create.path, { body: importBody(resplit), token: other.token }))).toEqual([400, 'resource_already_exists'])
  })
})
