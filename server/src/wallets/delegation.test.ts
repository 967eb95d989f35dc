import { ed25519 } from '@noble/curves/ed25519'
import { keccak256, parseTransaction, recoverAddress, recoverTransactionAddress, toHex, verifyMessage, verifyTypedData } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  decodeBase58,
  delegationRoutes,
  DELEGATION_NOT_OWNED_MESSAGE,
  embeddedWalletRoutes,
  MFA_TOKEN_HEADER,
  type EmbeddedChainType,
} from '../../../src/protocol/index.js'
import { httpFrameApi } from '../../../src/frame/api.js'
import { frameHandlers } from '../../../src/frame/handlers/index.js'
import { memoryDeviceShareStore } from '../../../src/frame/memory-device-store.js'
import { hashAppSecret } from '../apps/app-secret.js'
import type { EmbeddedWalletSettings } from '../apps/types.js'
import { authenticatorCode, enrolTotp, nextTotpStep, signInUser, verifyTotp, type MfaTestUser } from '../mfa/test-support.js'
import { startTestServer, TEST_ORIGIN, type ApiResponse, type TestServer } from '../test-support/test-server.js'
import { createBodyOf, newDerivedTestWallet, splitEntropy, type TestWallet } from './test-fixtures/share-set.js'

const SECRET = 'delegation-test-app-secret-0123456789abcdef'
const delegating: EmbeddedWalletSettings = {
  ethereumCreateOnLogin: 'off',
  solanaCreateOnLogin: 'off',
  requireUserPasswordOnCreate: false,
  userOwnedRecoveryOptions: ['user-passcode'],
  googleDriveApiUrl: 'https://www.googleapis.com',
  delegatedActionsEnabled: true,
}

let t: TestServer
beforeAll(async () => {
  t = await startTestServer({ app: { embeddedWallets: delegating, appSecretHash: hashAppSecret(SECRET) } })
})
afterAll(async () => {
  await t?.close()
})

const failure = (response: ApiResponse) => [response.status, response.body?.code]
const basic = (appId: string, secret: string) => `Basic ${Buffer.from(`${appId}:${secret}`).toString('base64')}`

async function userWithWallet(chain: EmbeddedChainType, options: { imported?: boolean; appId?: string } = {}) {
  const user = await signInUser(t)
  const wallet = await newDerivedTestWallet(chain, options.imported)
  const created = await t.call(embeddedWalletRoutes.create.path, {
    body: { ...createBodyOf(wallet), ...(options.imported ? { imported: true } : {}) },
    token: user.token,
  })
  expect(created.status).toBe(200)
  return { user, wallet }
}

const delegate = (user: { token: string }, wallet: TestWallet, extra: { mfaToken?: string; deviceShare?: string; address?: string } = {}) =>
  t.call(delegationRoutes.delegate.path, {
    body: { address: extra.address ?? wallet.address, chain_type: wallet.chain, device_share: extra.deviceShare ?? wallet.split.device },
    token: user.token,
    ...(extra.mfaToken ? { headers: { [MFA_TOKEN_HEADER]: extra.mfaToken } } : {}),
  })

const rpc = (walletId: string, body: object, auth = basic(t.app.id, SECRET), appId = t.app.id) =>
  t.call(delegationRoutes.rpc.path.replace(':wallet_id', walletId), { body, appId, headers: { authorization: auth } })

async function delegated(chain: EmbeddedChainType, imported = false) {
  const { user, wallet } = await userWithWallet(chain, { imported })
  const response = await delegate(user, wallet)
  expect(response.status).toBe(200)
  return { user, wallet, walletId: response.body.wallet_id as string, response }
}

describe('POST /wallets/delegate', () => {
  it('seals the device share, marks the wallet delegated and gives it a wallet id', async () => {
    const { wallet, walletId, response } = await delegated('ethereum')
    expect(walletId).toMatch(/^[0-9a-f]{24}$/)
    const account = response.body.user.linked_accounts.find((a: { address?: string }) => a.address === wallet.address)
    expect(account).toMatchObject({ delegated: true, id: walletId })
    const [row] = await t.db.query<{ device_share_sealed: string }>('SELECT device_share_sealed FROM wallet_delegations WHERE wallet_id = $1', [walletId])
    expect(row!.device_share_sealed).toMatch(/^aes-256-gcm\.v1\./)
    expect(row!.device_share_sealed).not.toContain(wallet.split.device)
    expect(JSON.stringify(response.body)).not.toContain(wallet.split.device)
  })

  it('refuses another user’s wallet and an unknown address with the spec’s copy, without revealing the owner', async () => {
    const { wallet } = await userWithWallet('ethereum')
    const stranger = await userWithWallet('ethereum')
    const theirs = await delegate(stranger.user, wallet)
    expect(failure(theirs)).toEqual([404, 'not_found'])
    expect(theirs.body.error).toBe(DELEGATION_NOT_OWNED_MESSAGE)
    const unknown = await delegate(stranger.user, stranger.wallet, { address: (await newDerivedTestWallet('ethereum')).address })
    expect(unknown.body.error).toBe(DELEGATION_NOT_OWNED_MESSAGE)
    expect(failure(await delegate(stranger.user, stranger.wallet, { address: 'not-an-address' }))).toEqual([404, 'not_found'])
  })

  it('refuses a device share that does not rebuild the wallet (another split, another version, the auth share itself)', async () => {
    const { user, wallet } = await userWithWallet('solana')
    const otherSplit = await splitEntropy(wallet.entropy, 1)
    expect(failure(await delegate(user, wallet, { deviceShare: otherSplit.device }))).toEqual([400, 'invalid_data'])
    expect(failure(await delegate(user, wallet, { deviceShare: (await splitEntropy(wallet.entropy, 2)).device }))).toEqual([400, 'invalid_data'])
    expect(failure(await delegate(user, wallet, { deviceShare: wallet.split.auth }))).toEqual([400, 'invalid_data'])
    const wrongKey = await newDerivedTestWallet('solana')
    // A well-formed share of the right split whose secret is not this wallet's: the address check catches it.
    const forged = await splitEntropy(wrongKey.entropy, 1)
    const header = Buffer.from(wallet.split.auth, 'base64').subarray(0, 21)
    const forgedShare = Buffer.concat([header, Buffer.from(forged.device, 'base64').subarray(21)]).toString('base64')
    expect(failure(await delegate(user, wallet, { deviceShare: forgedShare }))).toEqual([400, 'invalid_data'])
  })

  it('answers 403 feature_not_enabled when the app has not enabled delegated actions', async () => {
    const off = await t.createApp({ name: 'No delegation', allowedOrigins: [TEST_ORIGIN] })
    const login = await t.login(`no-delegation-${Date.now()}@example.com`, off.id)
    const wallet = await newDerivedTestWallet('ethereum')
    expect((await t.call(embeddedWalletRoutes.create.path, { body: createBodyOf(wallet), token: login.body.token, appId: off.id })).status).toBe(200)
    const refused = await t.call(delegationRoutes.delegate.path, {
      body: { address: wallet.address, chain_type: 'ethereum', device_share: wallet.split.device },
      token: login.body.token,
      appId: off.id,
    })
    expect(failure(refused)).toEqual([403, 'feature_not_enabled'])
  })

  it('needs the session and, for a user enrolled in MFA, an MFA token of this session (the share-release gate)', async () => {
    const { user, wallet } = await userWithWallet('ethereum')
    expect(
      failure(await t.call(delegationRoutes.delegate.path, { body: { address: wallet.address, chain_type: 'ethereum', device_share: wallet.split.device } })),
    ).toEqual([401, 'missing_or_invalid_token'])
    const secret = await enrolTotp(t, user as MfaTestUser)
    expect(failure(await delegate(user, wallet))).toEqual([403, 'mfa_required'])
    const mfaToken = await verifyTotp(t, user as MfaTestUser, secret)
    expect((await delegate(user, wallet, { mfaToken })).status).toBe(200)
  })

  it('accepts an imported wallet (its share set opens the same way)', async () => {
    const { wallet, walletId } = await delegated('ethereum', true)
    const signed = await rpc(walletId, { method: 'personal_sign', params: { message: 'imported', encoding: 'utf-8' } })
    expect(signed.status).toBe(200)
    expect(await verifyMessage({ address: wallet.address as `0x${string}`, message: 'imported', signature: signed.body.data.signature })).toBe(true)
  })
})

describe('POST /wallets/:wallet_id/rpc (the app backend)', () => {
  it('signs personal_sign, eth_signTypedData_v4, secp256k1_sign and eth_signTransaction as the wallet', async () => {
    const { wallet, walletId } = await delegated('ethereum')
    const address = wallet.address as `0x${string}`

    const text = await rpc(walletId, { method: 'personal_sign', params: { message: 'Hello from the app backend', encoding: 'utf-8' } })
    expect(text.status).toBe(200)
    expect(text.body.data.encoding).toBe('hex')
    expect(await verifyMessage({ address, message: 'Hello from the app backend', signature: text.body.data.signature })).toBe(true)
    const raw = await rpc(walletId, { method: 'personal_sign', chain_type: 'ethereum', address, params: { message: '0xdeadbeef', encoding: 'hex' } })
    expect(await verifyMessage({ address, message: { raw: '0xdeadbeef' }, signature: raw.body.data.signature })).toBe(true)

    const typedData = {
      domain: { name: 'Tessera', version: '1', chainId: 31337, verifyingContract: '0x0000000000000000000000000000000000000001' },
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
          { name: 'verifyingContract', type: 'address' },
        ],
        Mail: [{ name: 'contents', type: 'string' }],
      },
      message: { contents: 'offline' },
      primary_type: 'Mail',
    }
    const typed = await rpc(walletId, { method: 'eth_signTypedData_v4', params: { typed_data: typedData } })
    expect(typed.status).toBe(200)
    expect(
      await verifyTypedData({
        address,
        domain: typedData.domain as never,
        types: { Mail: typedData.types.Mail },
        primaryType: 'Mail',
        message: typedData.message,
        signature: typed.body.data.signature,
      }),
    ).toBe(true)

    const hash = keccak256(toHex('a hash to sign'))
    const hashed = await rpc(walletId, { method: 'secp256k1_sign', params: { hash } })
    expect(await recoverAddress({ hash, signature: hashed.body.data.signature })).toBe(address)

    const transaction = {
      to: '0x0000000000000000000000000000000000000002',
      chain_id: 31337,
      nonce: 0,
      value: '0x2386f26fc10000',
      gas_limit: 21_000,
      max_fee_per_gas: '0x77359400',
      max_priority_fee_per_gas: '0x3b9aca00',
    }
    const tx = await rpc(walletId, { method: 'eth_signTransaction', params: { transaction } })
    expect(tx.status).toBe(200)
    expect(tx.body.data.encoding).toBe('rlp')
    const signed = tx.body.data.signed_transaction as `0x${string}`
    expect(await recoverTransactionAddress({ serializedTransaction: signed as never })).toBe(address)
    expect(parseTransaction(signed)).toMatchObject({ type: 'eip1559', chainId: 31337, to: transaction.to, value: 10n ** 16n, gas: 21_000n })
    const legacy = await rpc(walletId, {
      method: 'eth_signTransaction',
      params: { transaction: { ...transaction, max_fee_per_gas: undefined, max_priority_fee_per_gas: undefined, type: 0, gas_price: '0x3b9aca00' } },
    })
    expect(parseTransaction(legacy.body.data.signed_transaction)).toMatchObject({ type: 'legacy', gasPrice: 10n ** 9n })
  })

  it('signs a Solana signMessage whose ed25519 signature verifies with the wallet’s key', async () => {
    const { wallet, walletId } = await delegated('solana')
    const message = Buffer.from('offline solana message')
    const signed = await rpc(walletId, { method: 'signMessage', params: { message: message.toString('base64'), encoding: 'base64' } })
    expect(signed.status).toBe(200)
    expect(signed.body).toMatchObject({ method: 'signMessage', data: { encoding: 'base64' } })
    expect(ed25519.verify(Buffer.from(signed.body.data.signature, 'base64'), message, decodeBase58(wallet.address)!)).toBe(true)
  })

  it('refuses a bad or missing app secret (401), a browser origin, and another app’s wallet (404)', async () => {
    const { walletId } = await delegated('ethereum')
    const body = { method: 'personal_sign', params: { message: 'x', encoding: 'utf-8' } }
    expect(failure(await rpc(walletId, body, basic(t.app.id, `${SECRET}x`)))).toEqual([401, 'invalid_credentials'])
    expect(failure(await rpc(walletId, body, ''))).toEqual([401, 'invalid_credentials'])
    expect(failure(await rpc(walletId, body, `Bearer ${SECRET}`))).toEqual([401, 'invalid_credentials'])
    const other = await t.createApp({ name: 'Other backend', embeddedWallets: delegating, appSecretHash: hashAppSecret(`${SECRET}-other`) })
    // The Basic user must be the header's app.
    expect(failure(await rpc(walletId, body, basic(other.id, `${SECRET}-other`)))).toEqual([401, 'invalid_credentials'])
    expect(failure(await rpc(walletId, body, basic(other.id, `${SECRET}-other`), other.id))).toEqual([404, 'not_found'])
    const fromBrowser = await t.call(delegationRoutes.rpc.path.replace(':wallet_id', walletId), {
      body,
      headers: { authorization: basic(t.app.id, SECRET), origin: TEST_ORIGIN },
    })
    expect(fromBrowser.status).toBe(403)
    expect(failure(await rpc('0123456789abcdef01234567', body))).toEqual([404, 'not_found'])
  })

  it('refuses a method of the other chain and malformed params with 400', async () => {
    const { walletId } = await delegated('ethereum')
    expect(failure(await rpc(walletId, { method: 'signMessage', params: { message: 'aGk=', encoding: 'base64' } }))).toEqual([400, 'invalid_data'])
    expect(failure(await rpc(walletId, { method: 'secp256k1_sign', params: { hash: '0x1234' } }))).toEqual([400, 'invalid_data'])
    expect(
      failure(await rpc(walletId, { method: 'eth_signTransaction', params: { transaction: { chain_id: 1, nonce: 0, gas_limit: 21000, type: 2 } } })),
    ).toEqual([400, 'invalid_data'])
    expect(failure(await rpc(walletId, { method: 'eth_sendTransaction', params: {} }))).toEqual([400, 'invalid_data'])
  })
})

describe('POST /wallets/revoke', () => {
  it('ends every delegation of the user: the wallets show delegated false and /rpc answers user_has_not_delegated_wallet', async () => {
    const { user, wallet, walletId } = await delegated('ethereum')
    const solana = await newDerivedTestWallet('solana')
    expect((await t.call(embeddedWalletRoutes.create.path, { body: createBodyOf(solana), token: user.token })).status).toBe(200)
    const solanaId = (await delegate(user, solana)).body.wallet_id as string

    const revoked = await t.call(delegationRoutes.revoke.path, { method: 'POST', token: user.token })
    expect(revoked.status).toBe(200)
    expect(revoked.body.message).toBe('Success')
    const accounts = revoked.body.user.linked_accounts.filter((a: { type: string }) => a.type === 'wallet')
    expect(accounts.map((a: { delegated: boolean }) => a.delegated)).toEqual([false, false])
    const [row] = await t.db.query<{ device_share_sealed: string | null }>('SELECT device_share_sealed FROM wallet_delegations WHERE wallet_id = $1', [
      walletId,
    ])
    expect(row!.device_share_sealed).toBeNull()
    expect(failure(await rpc(walletId, { method: 'personal_sign', params: { message: 'x', encoding: 'utf-8' } }))).toEqual([
      403,
      'user_has_not_delegated_wallet',
    ])
    expect(failure(await rpc(solanaId, { method: 'signMessage', params: { message: 'aGk=', encoding: 'base64' } }))).toEqual([
      403,
      'user_has_not_delegated_wallet',
    ])

    // Delegating again keeps the wallet's id.
    expect((await delegate(user, wallet)).body.wallet_id).toBe(walletId)
    expect((await rpc(walletId, { method: 'personal_sign', params: { message: 'x', encoding: 'utf-8' } })).status).toBe(200)
    expect(failure(await t.call(delegationRoutes.revoke.path, { method: 'POST' }))).toEqual([401, 'missing_or_invalid_token'])
  })

  it('a re-share after the delegation (recovery, a new password) ends it at once: the old device share no longer opens the wallet', async () => {
    const { user, wallet, walletId } = await delegated('ethereum')
    const next = await splitEntropy(wallet.entropy, 2)
    const reshared = await t.call(embeddedWalletRoutes.reshare.path.replace(':address', wallet.address), {
      body: { chain_type: 'ethereum', previous_share_version: 1, auth_share: next.auth, recovery: { method: 'privy', share: next.recovery } },
      token: user.token,
    })
    expect(reshared.status).toBe(200)
    // Ended by the reshare itself, before any use of it.
    const me = await t.call('/api/v1/users/me', { token: user.token })
    expect(me.body.user.linked_accounts.find((a: { address?: string }) => a.address === wallet.address)).toMatchObject({ delegated: false, id: walletId })
    const [row] = await t.db.query<{ device_share_sealed: string | null }>('SELECT device_share_sealed FROM wallet_delegations WHERE wallet_id = $1', [
      walletId,
    ])
    expect(row!.device_share_sealed).toBeNull()
    expect(failure(await rpc(walletId, { method: 'personal_sign', params: { message: 'x', encoding: 'utf-8' } }))).toEqual([
      403,
      'user_has_not_delegated_wallet',
    ])
  })
})

describe('the wallet frame’s consent against this server', () => {
  it('creates in the frame, delegates with delegated-actions:consent (MFA-gated), and the app backend then signs as that wallet', async () => {
    const user = await signInUser(t)
    const handlers = frameHandlers({ appId: t.app.id, api: httpFrameApi({ appId: t.app.id, baseUrl: t.url }), deviceShares: memoryDeviceShareStore() })
    const { address } = await handlers['wallet:create']!({ accessToken: user.token })
    const secret = await enrolTotp(t, user)
    const consent = {
      accessToken: user.token,
      entropyId: address,
      entropyIdVerifier: 'ethereum-address-verifier',
      chainType: 'ethereum',
      address,
      hdWalletIndex: 0,
    } as const
    await expect(handlers['delegated-actions:consent']!(consent)).rejects.toMatchObject({ type: 'missing_or_invalid_mfa' })
    nextTotpStep(t)
    const { user: after } = await handlers['delegated-actions:consent']!({ ...consent, mfa: { method: 'totp', code: authenticatorCode(t, secret) } })
    const account = after.linked_accounts.find((a) => a.type === 'wallet' && a.address === address) as { delegated: boolean; id: string }
    expect(account.delegated).toBe(true)
    const signed = await rpc(account.id, { method: 'personal_sign', params: { message: 'from the frame', encoding: 'utf-8' } })
    expect(await verifyMessage({ address: address as `0x${string}`, message: 'from the frame', signature: signed.body.data.signature })).toBe(true)
  })
})
