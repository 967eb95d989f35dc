import { webcrypto } from 'node:crypto'
import { Writable } from 'node:stream'
import { ed25519 } from '@noble/curves/ed25519'
import { Connection, PublicKey, SystemProgram, Transaction, VersionedTransaction } from '@solana/web3.js'
import { pino } from 'pino'
import { createPublicClient, http, recoverAddress, recoverTransactionAddress, verifyMessage, verifyTypedData } from 'viem'
import { recoverAuthorizationAddress } from 'viem/utils'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  AUTHORIZATION_SIGNATURE_HEADER,
  AUTHORIZATION_SIGNATURE_TTL_MS,
  authorizationPayload,
  authorizationSignatureMessages,
  decodeBase58,
  encodeBase58,
  MFA_TOKEN_HEADER,
  REQUEST_EXPIRY_HEADER,
  SPONSORSHIP_NOT_ENABLED_MESSAGE,
  walletApiRoutes,
  type EmbeddedChainType,
} from '../../../src/protocol/index.js'
import { walletExportSuite } from '../../../src/protocol/custody/wallet-export-hpke.js'
import { hashAppSecret } from '../apps/app-secret.js'
import type { EmbeddedWalletSettings } from '../apps/types.js'
import { enrolTotp, signInUser, verifyTotp, type MfaTestUser } from '../mfa/test-support.js'
import { startAnvil, type Anvil } from '../test-support/anvil.js'
import { startSolanaLocalnet, type SolanaLocalnet } from '../test-support/litesvm-rpc.js'
import { startTestServer, type ApiResponse, type TestServer } from '../test-support/test-server.js'
import { FRESH_PROOF_WINDOW_MS } from '../wallets/require-fresh-proof.js'

const SECRET = 'server-wallets-test-app-secret-0123456789ab'
const serverMode: EmbeddedWalletSettings = {
  ethereumCreateOnLogin: 'off',
  solanaCreateOnLogin: 'off',
  requireUserPasswordOnCreate: false,
  userOwnedRecoveryOptions: ['user-passcode'],
  googleDriveApiUrl: 'https://www.googleapis.com',
  delegatedActionsEnabled: true,
  mode: 'user-controlled-server-wallets-only',
}

interface P256Signer {
  privateKey: webcrypto.CryptoKey
  spki: string
}
async function newP256Signer(): Promise<P256Signer> {
  const pair = await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify'])
  return { privateKey: pair.privateKey, spki: Buffer.from(await webcrypto.subtle.exportKey('spki', pair.publicKey)).toString('base64') }
}

const APP_SIGNER_ID = 'appsigner'
let t: TestServer
let anvil: Anvil
let localnet: SolanaLocalnet
let appSigner: P256Signer
let otherAppSigner: P256Signer
let logs = ''
beforeAll(async () => {
  ;[anvil, localnet, appSigner, otherAppSigner] = await Promise.all([startAnvil(), startSolanaLocalnet(), newP256Signer(), newP256Signer()])
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logs += chunk
      done()
    },
  })
  t = await startTestServer({
    overrides: { logger: pino({ level: 'debug' }, sink) },
    app: {
      appSecretHash: hashAppSecret(SECRET),
      embeddedWallets: {
        ...serverMode,
        sessionSigners: [
          { id: APP_SIGNER_ID, publicKey: appSigner.spki },
          { id: 'othersigner', publicKey: otherAppSigner.spki },
        ],
      },
      chains: [
        {
          id: anvil.chainId,
          name: 'Anvil',
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          rpcUrl: anvil.rpcUrl,
          blockExplorerUrl: null,
          testnet: true,
        },
      ],
      solanaClusters: [{ name: 'devnet', rpcUrl: localnet.rpcUrl, blockExplorerUrl: null }],
    },
  })
}, 120_000)
afterAll(async () => {
  await Promise.all([t?.close(), anvil?.stop(), localnet?.close()])
})

const failure = (response: ApiResponse) => [response.status, response.body?.code, response.body?.error]
const appAuthorization = () => `Basic ${Buffer.from(`${t.app.id}:${SECRET}`).toString('base64')}`

async function userWithSigner() {
  const user = await signInUser(t)
  const signer = await newP256Signer()
  const registered = await t.call(walletApiRoutes.userSigners.path, { body: { public_key: signer.spki }, token: user.token })
  expect(registered.status).toBe(200)
  expect(registered.body.expires_at).toBeGreaterThan(t.clock.now())
  return { user, signer }
}

const createWallet = (user: MfaTestUser, chain: EmbeddedChainType) => t.call(walletApiRoutes.create.path, { body: { chain_type: chain }, token: user.token })

async function ownedWallet(chain: EmbeddedChainType) {
  const owner = await userWithSigner()
  const created = await createWallet(owner.user, chain)
  expect(created.status).toBe(200)
  return { ...owner, wallet: created.body as { id: string; address: string } }
}

/** `expiresAt: null`: no expiry signed or sent, as the reference clients send. */
interface SignedCall {
  signer?: P256Signer
  expiresAt?: number | null
  token?: string
  authorization?: string
  signature?: string
  appId?: string
  mfaToken?: string
}
/** Sends `body` with an authorization signature over its canonical payload, as a client would. */
async function signedCall(method: 'POST' | 'PATCH', path: string, body: object, options: SignedCall = {}) {
  const expiresAt = options.expiresAt === null ? undefined : (options.expiresAt ?? t.clock.now() + 60_000)
  const headers: Record<string, string> = expiresAt === undefined ? {} : { [REQUEST_EXPIRY_HEADER]: String(expiresAt) }
  if (options.authorization) headers.authorization = options.authorization
  if (options.mfaToken) headers[MFA_TOKEN_HEADER] = options.mfaToken
  if (options.signer) {
    const payload = authorizationPayload({ method, url: `${t.url}${path}`, body, appId: options.appId ?? t.app.id, expiresAt })
    const signature = await webcrypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, options.signer.privateKey, new TextEncoder().encode(payload))
    headers[AUTHORIZATION_SIGNATURE_HEADER] = options.signature ?? Buffer.from(signature).toString('base64')
  }
  return t.call(path, { method, body, headers, ...(options.token ? { token: options.token } : {}), ...(options.appId ? { appId: options.appId } : {}) })
}
const signedRpc = (walletId: string, body: object, options: SignedCall = {}) =>
  signedCall('POST', walletApiRoutes.rpc.path.replace(':wallet_id', walletId), body, options)
const walletPath = (walletId: string) => walletApiRoutes.get.path.replace(':wallet_id', walletId)
const setSigners = (walletId: string, signerIds: string[], options: SignedCall) =>
  signedCall('PATCH', walletPath(walletId), { additional_signers: signerIds.map((signer_id) => ({ signer_id })) }, options)

describe('POST /api/v1/wallets', () => {
  it('creates the caller’s wallet once, even under concurrent calls, and the user’s linked accounts show it as privy-v2 with its id', async () => {
    const user = await signInUser(t)
    const answers = await Promise.all([createWallet(user, 'ethereum'), createWallet(user, 'ethereum'), createWallet(user, 'ethereum')])
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200])
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1)
    const wallet = answers[0]!.body
    expect(wallet).toMatchObject({ chain_type: 'ethereum', wallet_index: 0, recovery_method: 'privy-v2', imported: false })
    expect(wallet.address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    const solana = await createWallet(user, 'solana')
    expect(decodeBase58(solana.body.address)?.length).toBe(32)
    const me = await t.call('/api/v1/users/me', { token: user.token })
    const accounts = me.body.user.linked_accounts.filter((account: { type: string }) => account.type === 'wallet')
    expect(accounts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          address: wallet.address,
          id: wallet.id,
          recovery_method: 'privy-v2',
          wallet_client_type: 'privy',
          connector_type: 'embedded',
          delegated: false,
        }),
        expect.objectContaining({ address: solana.body.address, id: solana.body.id, recovery_method: 'privy-v2', chain_type: 'solana' }),
      ]),
    )
    expect(accounts).toHaveLength(2)
  })

  it('creates additional wallets at the next index only, each its own key; asking for an existing index answers it', async () => {
    const user = await signInUser(t)
    const atIndex = (chain_type: EmbeddedChainType, wallet_index: number) =>
      t.call(walletApiRoutes.create.path, { body: { chain_type, wallet_index }, token: user.token })
    expect(failure(await atIndex('ethereum', 1))).toEqual([
      400,
      'invalid_data',
      'Invalid request body: wallet_index: an index above 0 needs an existing wallet at index 0',
    ])
    const primary = (await createWallet(user, 'ethereum')).body
    expect(failure(await atIndex('ethereum', 2))).toEqual([400, 'invalid_data', 'Invalid request body: wallet_index: the next wallet index is 1'])
    const [first, again] = await Promise.all([atIndex('ethereum', 1), atIndex('ethereum', 1)])
    expect(first!.body).toMatchObject({ chain_type: 'ethereum', wallet_index: 1, recovery_method: 'privy-v2', imported: false })
    expect(again!.body.id).toBe(first!.body.id)
    expect(first!.body.address).not.toBe(primary.address)
    const second = (await atIndex('ethereum', 2)).body
    expect(second.wallet_index).toBe(2)
    expect((await atIndex('ethereum', 0)).body.id).toBe(primary.id)
    // Solana counts its own indexes; an import below 0 takes none of them.
    expect(failure(await atIndex('solana', 1))[0]).toBe(400)
    expect((await t.call(walletApiRoutes.import.path, { body: { chain_type: 'ethereum', private_key: generatePrivateKey() }, token: user.token })).status).toBe(
      200,
    )
    expect((await atIndex('ethereum', 3)).body.wallet_index).toBe(3)
    for (const wallet_index of [-1, 1.5, 1_000_001, '1']) {
      expect(failure(await t.call(walletApiRoutes.create.path, { body: { chain_type: 'ethereum', wallet_index }, token: user.token }))[0]).toBe(400)
    }
    const me = await t.call('/api/v1/users/me', { token: user.token })
    const indexes = me.body.user.linked_accounts
      .filter(
        (account: { type: string; chain_type: string; imported: boolean }) =>
          account.type === 'wallet' && account.chain_type === 'ethereum' && !account.imported,
      )
      .map((account: { wallet_index: number }) => account.wallet_index)
    expect(indexes.sort()).toEqual([0, 1, 2, 3])
  })

  it('with the app secret creates a wallet for owner_id, the same one the user’s session sees; an unknown owner is not found', async () => {
    const user = await signInUser(t)
    const byApp = await t.call(walletApiRoutes.create.path, {
      body: { chain_type: 'ethereum', owner_id: user.userId },
      headers: { authorization: appAuthorization() },
    })
    expect(byApp.status).toBe(200)
    expect((await createWallet(user, 'ethereum')).body.id).toBe(byApp.body.id)
    const unknown = await t.call(walletApiRoutes.create.path, {
      body: { chain_type: 'ethereum', owner_id: 'did:privy:nobody' },
      headers: { authorization: appAuthorization() },
    })
    expect(failure(unknown)).toEqual([404, 'not_found', 'User not found'])
    const someoneElse = await t.call(walletApiRoutes.create.path, { body: { chain_type: 'ethereum', owner_id: 'did:privy:nobody' }, token: user.token })
    expect(someoneElse.status).toBe(404)
  })

  it('is refused with feature_not_enabled on an app whose wallets stay on the device; the app config publishes each app’s mode', async () => {
    const legacy = await t.createApp({ name: 'Legacy', allowedOrigins: t.app.allowedOrigins })
    const login = await t.login(`legacy-${Date.now()}@example.com`, legacy.id)
    const refused = await t.call(walletApiRoutes.create.path, { body: { chain_type: 'ethereum' }, token: login.body.token, appId: legacy.id })
    expect(failure(refused)).toEqual([403, 'feature_not_enabled', 'Server-managed wallets are not enabled for this app'])
    const modeOf = async (appId: string) => (await t.call(`/api/v1/apps/${appId}`, { appId: null })).body.embedded_wallet_config.mode
    expect(await modeOf(legacy.id)).toBe('legacy-embedded-wallets-only')
    expect(await modeOf(t.app.id)).toBe('user-controlled-server-wallets-only')
  })
})

describe('POST /api/v1/wallets/import', () => {
  it('imports Ethereum and Solana keys as privy-v2 wallets that sign as the imported key, and never echoes a key', async () => {
    const { user, signer } = await userWithSigner()
    const ethereumKey = generatePrivateKey()
    const imported = await t.call(walletApiRoutes.import.path, { body: { chain_type: 'ethereum', private_key: ethereumKey }, token: user.token })
    expect(imported.status).toBe(200)
    expect(imported.body).toMatchObject({ address: privateKeyToAddress(ethereumKey), imported: true, recovery_method: 'privy-v2', wallet_index: 0 })
    const again = await t.call(walletApiRoutes.import.path, { body: { chain_type: 'ethereum', private_key: ethereumKey }, token: user.token })
    expect(again.body.id).toBe(imported.body.id)
    const signed = await signedRpc(imported.body.id, { method: 'personal_sign', params: { message: 'imported', encoding: 'utf-8' } }, { signer })
    expect(await verifyMessage({ address: imported.body.address, message: 'imported', signature: signed.body.data.signature })).toBe(true)

    const seed = ed25519.utils.randomPrivateKey()
    const secretKey = encodeBase58(new Uint8Array([...seed, ...ed25519.getPublicKey(seed)]))
    const solana = await t.call(walletApiRoutes.import.path, { body: { chain_type: 'solana', private_key: secretKey }, token: user.token })
    expect(solana.body.address).toBe(encodeBase58(ed25519.getPublicKey(seed)))

    const stranger = await signInUser(t)
    const taken = await t.call(walletApiRoutes.import.path, { body: { chain_type: 'ethereum', private_key: ethereumKey }, token: stranger.token })
    expect(failure(taken)).toEqual([400, 'resource_already_exists', 'This wallet address is already in use'])
    const wrongSeed = encodeBase58(new Uint8Array([...seed, ...ed25519.getPublicKey(ed25519.utils.randomPrivateKey())]))
    const bad = await t.call(walletApiRoutes.import.path, { body: { chain_type: 'solana', private_key: wrongSeed }, token: user.token })
    expect(bad.status).toBe(400)
    for (const secret of [ethereumKey, ethereumKey.slice(2), secretKey, wrongSeed]) {
      expect(logs).not.toContain(secret)
      expect(JSON.stringify([imported.body, again.body, solana.body, taken.body, bad.body])).not.toContain(secret)
    }
    const rows = JSON.stringify(await t.db.query('SELECT * FROM server_wallets WHERE user_id = $1', [user.userId]))
    expect(rows).not.toContain(ethereumKey.slice(2))
  })
})

describe('POST /api/v1/wallets/:wallet_id/rpc, Ethereum', () => {
  it('signs every method with a signature that verifies against the wallet’s address', async () => {
    const { signer, wallet } = await ownedWallet('ethereum')
    const address = wallet.address as `0x${string}`
    const personal = await signedRpc(wallet.id, { method: 'personal_sign', params: { message: 'hello', encoding: 'utf-8' } }, { signer })
    expect(personal.status).toBe(200)
    expect(await verifyMessage({ address, message: 'hello', signature: personal.body.data.signature })).toBe(true)

    const typedData = {
      domain: { name: 'Test', chainId: 1 },
      types: { Mail: [{ name: 'contents', type: 'string' }] },
      primary_type: 'Mail',
      message: { contents: 'hi' },
    }
    const typed = await signedRpc(wallet.id, { method: 'eth_signTypedData_v4', params: { typed_data: typedData } }, { signer })
    expect(
      await verifyTypedData({
        address,
        domain: typedData.domain,
        types: typedData.types,
        primaryType: 'Mail',
        message: typedData.message,
        signature: typed.body.data.signature,
      }),
    ).toBe(true)

    const hash = `0x${'ab'.repeat(32)}` as const
    const raw = await signedRpc(wallet.id, { method: 'secp256k1_sign', params: { hash } }, { signer })
    expect(await recoverAddress({ hash, signature: raw.body.data.signature })).toBe(address)

    const transaction = {
      to: address,
      chain_id: anvil.chainId,
      nonce: 0,
      gas_limit: 21000,
      max_fee_per_gas: 2_000_000_000,
      max_priority_fee_per_gas: 1,
      value: 5,
    }
    const tx = await signedRpc(wallet.id, { method: 'eth_signTransaction', params: { transaction } }, { signer })
    expect(await recoverTransactionAddress({ serializedTransaction: tx.body.data.signed_transaction })).toBe(address)

    const contract = privateKeyToAddress(generatePrivateKey())
    const delegation = await signedRpc(wallet.id, { method: 'eth_sign7702Authorization', params: { contract, chain_id: anvil.chainId } }, { signer })
    expect(delegation.status).toBe(200)
    const { authorization } = delegation.body.data
    expect(authorization).toMatchObject({ contract, chain_id: anvil.chainId, nonce: 0 })
    const recovered = await recoverAuthorizationAddress({
      authorization: { address: contract, chainId: anvil.chainId, nonce: 0, r: authorization.r, s: authorization.s, yParity: authorization.y_parity },
    })
    expect(recovered).toBe(address)
  })

  it('sends on the app’s chain with nonce, gas and fees filled in, and refuses sponsor: true and an unknown chain', async () => {
    const { signer, wallet } = await ownedWallet('ethereum')
    await fetch(anvil.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_setBalance', params: [wallet.address, '0xDE0B6B3A7640000'] }),
    })
    const recipient = privateKeyToAddress(generatePrivateKey())
    const sent = await signedRpc(
      wallet.id,
      { method: 'eth_sendTransaction', caip2: `eip155:${anvil.chainId}`, params: { transaction: { to: recipient, value: '0x3e8' } } },
      { signer },
    )
    expect(sent.status).toBe(200)
    expect(sent.body).toMatchObject({ method: 'eth_sendTransaction', data: { caip2: `eip155:${anvil.chainId}` } })
    const client = createPublicClient({ transport: http(anvil.rpcUrl) })
    const receipt = await client.waitForTransactionReceipt({ hash: sent.body.data.hash })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(wallet.address.toLowerCase())
    expect(await client.getBalance({ address: recipient })).toBe(1000n)

    const sponsored = await signedRpc(
      wallet.id,
      { method: 'eth_sendTransaction', caip2: `eip155:${anvil.chainId}`, sponsor: true, params: { transaction: { to: recipient, value: 1 } } },
      { signer },
    )
    expect(failure(sponsored)).toEqual([403, 'feature_not_enabled', SPONSORSHIP_NOT_ENABLED_MESSAGE])
    const elsewhere = await signedRpc(
      wallet.id,
      { method: 'eth_sendTransaction', caip2: 'eip155:999', params: { transaction: { to: recipient, value: 1 } } },
      { signer },
    )
    expect(failure(elsewhere)).toEqual([400, 'invalid_data', 'Unsupported chainId eip155:999'])
    const tooMuch = await signedRpc(
      wallet.id,
      { method: 'eth_sendTransaction', caip2: `eip155:${anvil.chainId}`, params: { transaction: { to: recipient, value: '0xffffffffffffffffffffff' } } },
      { signer },
    )
    expect(tooMuch.status).toBe(400)
    expect(tooMuch.body.code).toBe('transaction_broadcast_failure')
    expect(JSON.stringify(tooMuch.body)).not.toContain(anvil.rpcUrl)
  })
})

describe('POST /api/v1/wallets/:wallet_id/rpc, Solana', () => {
  async function transfer(from: string, to: PublicKey) {
    const connection = new Connection(localnet.rpcUrl, 'confirmed')
    const { blockhash } = await connection.getLatestBlockhash()
    const tx = new Transaction({ feePayer: new PublicKey(from), recentBlockhash: blockhash }).add(
      SystemProgram.transfer({ fromPubkey: new PublicKey(from), toPubkey: to, lamports: 1_000_000 }),
    )
    return { connection, base64: tx.serialize({ requireAllSignatures: false, verifySignatures: false }).toString('base64') }
  }

  it('signs messages and transactions, and sends on the app’s cluster', async () => {
    const { signer, wallet } = await ownedWallet('solana')
    const publicKey = decodeBase58(wallet.address)!
    const message = Buffer.from('hello solana').toString('base64')
    const signed = await signedRpc(wallet.id, { method: 'signMessage', params: { message, encoding: 'base64' } }, { signer })
    expect(ed25519.verify(Buffer.from(signed.body.data.signature, 'base64'), Buffer.from(message, 'base64'), publicKey)).toBe(true)

    localnet.airdrop(wallet.address, 1_000_000_000n)
    const recipient = new PublicKey(ed25519.getPublicKey(ed25519.utils.randomPrivateKey()))
    const unsigned = await transfer(wallet.address, recipient)
    const signedTx = await signedRpc(wallet.id, { method: 'signTransaction', params: { transaction: unsigned.base64, encoding: 'base64' } }, { signer })
    expect(signedTx.body).toMatchObject({ method: 'signTransaction' })
    const parsed = VersionedTransaction.deserialize(Buffer.from(signedTx.body.data.signed_transaction, 'base64'))
    expect(ed25519.verify(parsed.signatures[0]!, parsed.message.serialize(), publicKey)).toBe(true)

    const sent = await signedRpc(
      wallet.id,
      {
        method: 'signAndSendTransaction',
        caip2: 'solana:devnet',
        params: { transaction: (await transfer(wallet.address, recipient)).base64, encoding: 'base64' },
      },
      { signer },
    )
    expect(sent.body).toMatchObject({ method: 'signAndSendTransaction', data: { caip2: 'solana:devnet' } })
    expect(decodeBase58(sent.body.data.hash)?.length).toBe(64)
    expect(await unsigned.connection.getBalance(recipient)).toBe(1_000_000)
    const refused = await signedRpc(
      wallet.id,
      { method: 'signAndSendTransaction', caip2: 'solana:testnet', params: { transaction: unsigned.base64, encoding: 'base64' } },
      { signer },
    )
    expect(failure(refused)).toEqual([400, 'invalid_data', 'Unsupported chainId solana:testnet'])
  })

  it('refuses a method of the other chain', async () => {
    const { signer, wallet } = await ownedWallet('solana')
    const wrong = await signedRpc(wallet.id, { method: 'personal_sign', params: { message: 'x', encoding: 'utf-8' } }, { signer })
    expect(failure(wrong)[0]).toBe(400)
  })
})

describe('authorization signatures', () => {
  const body = { method: 'personal_sign', params: { message: 'authorize me', encoding: 'utf-8' } }

  it('refuses a missing, forged, another user’s, expired, too distant or replayed signature with 401 invalid_credentials', async () => {
    const { signer, wallet } = await ownedWallet('ethereum')
    expect(failure(await signedRpc(wallet.id, body))).toEqual([401, 'invalid_credentials', 'Missing authorization signature'])
    expect(failure(await signedRpc(wallet.id, body, { signer: await newP256Signer() }))).toEqual([
      401,
      'invalid_credentials',
      'Invalid authorization signature',
    ])
    const stranger = await userWithSigner()
    expect(failure(await signedRpc(wallet.id, body, { signer: stranger.signer }))).toEqual([401, 'invalid_credentials', 'Invalid authorization signature'])
    expect(failure(await signedRpc(wallet.id, body, { signer, expiresAt: t.clock.now() - 1 }))).toEqual([
      401,
      'invalid_credentials',
      'Authorization signature expired',
    ])
    expect(failure(await signedRpc(wallet.id, body, { signer, expiresAt: t.clock.now() + AUTHORIZATION_SIGNATURE_TTL_MS + 60_000 }))).toEqual([
      401,
      'invalid_credentials',
      'Invalid authorization signature',
    ])
    expect(failure(await signedRpc(wallet.id, body, { signer, signature: 'not base64!' }))).toEqual([
      401,
      'invalid_credentials',
      'Invalid authorization signature',
    ])
    // Signed for another body: the canonical payload differs.
    const path = walletApiRoutes.rpc.path.replace(':wallet_id', wallet.id)
    const expiresAt = t.clock.now() + 60_000
    const payload = authorizationPayload({
      method: 'POST',
      url: `${t.url}${path}`,
      body: { ...body, params: { message: 'other', encoding: 'utf-8' } },
      appId: t.app.id,
      expiresAt,
    })
    const otherSignature = Buffer.from(
      await webcrypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, signer.privateKey, new TextEncoder().encode(payload)),
    ).toString('base64')
    expect(
      failure(await t.call(path, { body, headers: { [AUTHORIZATION_SIGNATURE_HEADER]: otherSignature, [REQUEST_EXPIRY_HEADER]: String(expiresAt) } }))[0],
    ).toBe(401)

    const expiry = t.clock.now() + 60_000
    const first = await signedRpc(wallet.id, body, { signer, expiresAt: expiry })
    expect(first.status).toBe(200)
    const again = await signedRpc(wallet.id, body, { signer, expiresAt: expiry })
    expect(failure(again)).toEqual([401, 'invalid_credentials', 'Authorization signature already used'])
  })

  it("takes a request signed without expiry (the reference clients') only with an access token of the signer's own session, once", async () => {
    const { user, signer, wallet } = await ownedWallet('ethereum')
    const unexpiring = { signer, expiresAt: null }
    expect(failure(await signedRpc(wallet.id, body, unexpiring))).toEqual([401, 'invalid_credentials', authorizationSignatureMessages.sessionRequired])
    const first = await signedRpc(wallet.id, body, { ...unexpiring, token: user.token })
    expect(first.status).toBe(200)
    expect(await verifyMessage({ address: wallet.address as `0x${string}`, message: 'authorize me', signature: first.body.data.signature })).toBe(true)
    // The same request signed again is another signing: accepted. The same signing replayed, in either encoding, is not.
    expect((await signedRpc(wallet.id, body, { ...unexpiring, token: user.token })).status).toBe(200)
    const path = walletApiRoutes.rpc.path.replace(':wallet_id', wallet.id)
    const payload = authorizationPayload({ method: 'POST', url: `${t.url}${path}`, body, appId: t.app.id })
    const raw = Buffer.from(await webcrypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, signer.privateKey, new TextEncoder().encode(payload)))
    const sent = (signature: Buffer, token = user.token) =>
      t.call(path, { body, token, headers: { [AUTHORIZATION_SIGNATURE_HEADER]: signature.toString('base64') } })
    expect((await sent(raw)).status).toBe(200)
    expect(failure(await sent(raw))).toEqual([401, 'invalid_credentials', 'Authorization signature already used'])
    expect(failure(await sent(derSignature(raw)))).toEqual([401, 'invalid_credentials', 'Authorization signature already used'])
    // Another session of the same user does not carry this signer's unexpiring requests; nor does the app secret.
    t.clock.advance(31_000) // past the code's resend cooldown
    const otherSession = await signInUser(t, user.email)
    expect(failure(await signedRpc(wallet.id, body, { ...unexpiring, token: otherSession.token }))).toEqual([
      401,
      'invalid_credentials',
      'Invalid authorization signature',
    ])
    expect(failure(await signedRpc(wallet.id, body, { ...unexpiring, authorization: appAuthorization() }))).toEqual([
      401,
      'invalid_credentials',
      authorizationSignatureMessages.sessionRequired,
    ])
    // Once the session is logged out, its signer's requests end with it.
    expect((await t.call('/api/v1/sessions/logout', { body: {}, token: user.token })).status).toBe(200)
    expect(failure(await signedRpc(wallet.id, body, { ...unexpiring, token: user.token }))[0]).toBe(401)
  })

  it('accepts the DER form of the signature, and refuses a bearer token of another user', async () => {
    const { signer, wallet } = await ownedWallet('ethereum')
    const path = walletApiRoutes.rpc.path.replace(':wallet_id', wallet.id)
    const expiresAt = t.clock.now() + 60_000
    const payload = authorizationPayload({ method: 'POST', url: `${t.url}${path}`, body, appId: t.app.id, expiresAt })
    const raw = Buffer.from(await webcrypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, signer.privateKey, new TextEncoder().encode(payload)))
    const der = derSignature(raw)
    const ok = await t.call(path, { body, headers: { [AUTHORIZATION_SIGNATURE_HEADER]: der.toString('base64'), [REQUEST_EXPIRY_HEADER]: String(expiresAt) } })
    expect(ok.status).toBe(200)
    const stranger = await signInUser(t)
    expect(failure(await signedRpc(wallet.id, body, { signer, token: stranger.token }))[0]).toBe(404)
  })

  it('signs with the app’s session signer (app secret) only while the owner has delegated the wallet', async () => {
    const { user, wallet } = await ownedWallet('ethereum')
    const asApp = () => signedRpc(wallet.id, body, { signer: appSigner, authorization: appAuthorization() })
    expect(failure(await asApp())).toEqual([403, 'user_has_not_delegated_wallet', 'The user has not delegated this wallet'])
    const delegated = await t.call('/api/v1/wallets/delegate', { body: { address: wallet.address, chain_type: 'ethereum' }, token: user.token })
    expect(delegated.status).toBe(200)
    expect(delegated.body.wallet_id).toBe(wallet.id)
    expect(delegated.body.user.linked_accounts.find((account: { address?: string }) => account.address === wallet.address)).toMatchObject({
      delegated: true,
      id: wallet.id,
    })
    const signed = await asApp()
    expect(signed.status).toBe(200)
    expect(await verifyMessage({ address: wallet.address as `0x${string}`, message: 'authorize me', signature: signed.body.data.signature })).toBe(true)
    // The owner's user signer is not the app's: with the app secret it does not sign.
    expect(failure(await signedRpc(wallet.id, body, { signer: (await userWithSigner()).signer, authorization: appAuthorization() }))[0]).toBe(401)
    expect((await t.call('/api/v1/wallets/revoke', { body: {}, token: user.token })).status).toBe(200)
    expect(failure(await asApp())[0]).toBe(403)
  })

  it('stops honouring a user signer once its session is logged out', async () => {
    const { user, signer, wallet } = await ownedWallet('ethereum')
    expect((await signedRpc(wallet.id, body, { signer })).status).toBe(200)
    await t.call('/api/v1/sessions/logout', { body: {}, token: user.token })
    expect(failure(await signedRpc(wallet.id, body, { signer }))).toEqual([401, 'invalid_credentials', 'Invalid authorization signature'])
  })
})

describe('POST /api/v1/wallets/:wallet_id/raw_sign', () => {
  const hash = `0x${'5a'.repeat(32)}` as const
  const rawSign = (walletId: string, body: object, options: SignedCall) =>
    signedCall('POST', walletApiRoutes.rawSign.path.replace(':wallet_id', walletId), body, options)

  it("signs the hash on the wallet's curve: secp256k1 for Ethereum, Ed25519 for Solana, as hex", async () => {
    const { signer, wallet } = await ownedWallet('ethereum')
    const signed = await rawSign(wallet.id, { params: { hash } }, { signer })
    expect(signed.body).toEqual({ data: { signature: expect.stringMatching(/^0x[0-9a-f]{130}$/), encoding: 'hex' } })
    expect(await recoverAddress({ hash, signature: signed.body.data.signature })).toBe(wallet.address)

    const solana = await ownedWallet('solana')
    const ed25519Signed = await rawSign(solana.wallet.id, { params: { hash } }, { signer: solana.signer })
    expect(ed25519Signed.body.data.signature).toMatch(/^0x[0-9a-f]{128}$/)
    expect(
      ed25519.verify(Buffer.from(ed25519Signed.body.data.signature.slice(2), 'hex'), Buffer.from(hash.slice(2), 'hex'), decodeBase58(solana.wallet.address)!),
    ).toBe(true)
  })

  it('refuses a missing, foreign or replayed signature, and a hash that is not 32 bytes', async () => {
    const { signer, wallet } = await ownedWallet('ethereum')
    expect(failure(await rawSign(wallet.id, { params: { hash } }, {}))).toEqual([401, 'invalid_credentials', 'Missing authorization signature'])
    expect(failure(await rawSign(wallet.id, { params: { hash } }, { signer: appSigner, authorization: appAuthorization() }))[0]).toBe(403)
    const expiresAt = t.clock.now() + 60_000
    expect((await rawSign(wallet.id, { params: { hash } }, { signer, expiresAt })).status).toBe(200)
    expect(failure(await rawSign(wallet.id, { params: { hash } }, { signer, expiresAt }))).toEqual([
      401,
      'invalid_credentials',
      'Authorization signature already used',
    ])
    expect(failure(await rawSign(wallet.id, { params: { hash: '0x1234' } }, { signer }))[0]).toBe(400)
    expect(failure(await rawSign(wallet.id, { params: { bytes: '0x1234', encoding: 'hex' } }, { signer }))[0]).toBe(400)
  })
})

describe('GET /api/v1/wallets', () => {
  it("lists the caller's wallets, or with the app secret any user's, oldest first in pages of `limit` with a cursor", async () => {
    const { user, wallet } = await ownedWallet('ethereum')
    // A second later, so "oldest first" is the creation order and not the ids' tie-break.
    t.clock.advance(1)
    const solana = (await createWallet(user, 'solana')).body
    const ids = (page: ApiResponse) => page.body.data.map((listed: { id: string }) => listed.id)
    const own = await t.call(walletApiRoutes.list.path, { token: user.token })
    expect(own.body).toMatchObject({
      data: [
        { id: wallet.id, address: wallet.address, chain_type: 'ethereum', additional_signers: [] },
        { id: solana.id, chain_type: 'solana' },
      ],
      next_cursor: null,
    })
    expect(ids(await t.call(`${walletApiRoutes.list.path}?chain_type=solana`, { token: user.token }))).toEqual([solana.id])
    const asApp = (query: string) => t.call(`${walletApiRoutes.list.path}?${query}`, { headers: { authorization: appAuthorization() } })
    const first = await asApp(`user_id=${user.userId}&limit=1`)
    expect(ids(first)).toEqual([wallet.id])
    expect(first.body.next_cursor).toBe(wallet.id)
    const second = await asApp(`user_id=${user.userId}&limit=1&cursor=${first.body.next_cursor}`)
    expect(ids(second)).toEqual([solana.id])
    expect(second.body.next_cursor).toBeNull()
    const everyone = await asApp('limit=100')
    expect(ids(everyone)).toEqual(expect.arrayContaining([wallet.id, solana.id]))
    expect(everyone.body.data.length).toBeGreaterThan(2)
  })

  it("refuses another user's id with a session, an unknown user, a limit over 100 and a caller without credentials", async () => {
    const { user } = await ownedWallet('ethereum')
    const stranger = await signInUser(t)
    expect(failure(await t.call(`${walletApiRoutes.list.path}?user_id=${stranger.userId}`, { token: user.token }))).toEqual([
      404,
      'not_found',
      'User not found',
    ])
    expect(failure(await t.call(`${walletApiRoutes.list.path}?user_id=did:privy:nobody`, { headers: { authorization: appAuthorization() } }))[0]).toBe(404)
    expect(failure(await t.call(`${walletApiRoutes.list.path}?limit=101`, { token: user.token }))).toEqual([
      400,
      'invalid_data',
      'Invalid query: limit: Query limit can be at maximum 100 records.',
    ])
    expect(failure(await t.call(`${walletApiRoutes.list.path}?chain_type=bitcoin`, { token: user.token }))[0]).toBe(400)
    expect((await t.call(walletApiRoutes.list.path, {})).status).toBe(401)
    expect((await t.call(walletApiRoutes.list.path, { token: stranger.token })).body).toEqual({ data: [], next_cursor: null })
  })
})

describe('GET and PATCH /api/v1/wallets/:wallet_id (session signers)', () => {
  const body = { method: 'personal_sign', params: { message: 'session signer', encoding: 'utf-8' } }

  it('answers the wallet to its owner and to the app secret, and not found to anyone else', async () => {
    const { user, wallet } = await ownedWallet('ethereum')
    const own = await t.call(walletPath(wallet.id), { token: user.token })
    expect(own.status).toBe(200)
    expect(own.body).toEqual({
      id: wallet.id,
      address: wallet.address,
      chain_type: 'ethereum',
      wallet_index: 0,
      recovery_method: 'privy-v2',
      imported: false,
      created_at: expect.any(Number),
      imported_at: null,
      exported_at: null,
      policy_ids: [],
      additional_signers: [],
      owner_id: null,
    })
    expect((await t.call(walletPath(wallet.id), { headers: { authorization: appAuthorization() } })).body).toEqual(own.body)
    const stranger = await signInUser(t)
    expect(failure(await t.call(walletPath(wallet.id), { token: stranger.token }))).toEqual([404, 'not_found', 'Wallet not found'])
    expect((await t.call(walletPath(wallet.id), {})).status).toBe(401)
    expect(failure(await t.call(walletPath('0'.repeat(24)), { token: user.token }))[0]).toBe(404)
  })

  it('adds a named session signer, which then signs (with the app secret) while the other does not; an empty list removes it', async () => {
    const { user, signer, wallet } = await ownedWallet('ethereum')
    const asApp = (key: P256Signer) => signedRpc(wallet.id, body, { signer: key, authorization: appAuthorization() })
    const added = await setSigners(wallet.id, [APP_SIGNER_ID], { signer, token: user.token })
    expect(added.status).toBe(200)
    expect(added.body.additional_signers).toEqual([{ signer_id: APP_SIGNER_ID }])
    expect((await t.call(walletPath(wallet.id), { token: user.token })).body.additional_signers).toEqual([{ signer_id: APP_SIGNER_ID }])
    const me = await t.call('/api/v1/users/me', { token: user.token })
    expect(me.body.user.linked_accounts.find((account: { address?: string }) => account.address === wallet.address)).toMatchObject({
      delegated: true,
      id: wallet.id,
    })
    const signed = await asApp(appSigner)
    expect(signed.status).toBe(200)
    expect(await verifyMessage({ address: wallet.address as `0x${string}`, message: 'session signer', signature: signed.body.data.signature })).toBe(true)
    expect(failure(await asApp(otherAppSigner))).toEqual([401, 'invalid_credentials', 'Invalid authorization signature'])

    expect((await setSigners(wallet.id, [], { signer, token: user.token })).body.additional_signers).toEqual([])
    expect(failure(await asApp(appSigner))).toEqual([403, 'user_has_not_delegated_wallet', 'The user has not delegated this wallet'])
    const after = await t.call('/api/v1/users/me', { token: user.token })
    expect(after.body.user.linked_accounts.find((account: { address?: string }) => account.address === wallet.address)).toMatchObject({ delegated: false })
  })

  it('lists every session signer of a wallet delegated with /wallets/delegate; the owner’s list then replaces them, and revoking clears it', async () => {
    const { user, signer, wallet } = await ownedWallet('ethereum')
    await t.call('/api/v1/wallets/delegate', { body: { address: wallet.address, chain_type: 'ethereum' }, token: user.token })
    const both = [{ signer_id: APP_SIGNER_ID }, { signer_id: 'othersigner' }]
    expect((await t.call(walletPath(wallet.id), { token: user.token })).body.additional_signers).toEqual(both)
    expect((await setSigners(wallet.id, ['othersigner'], { signer, token: user.token })).body.additional_signers).toEqual([{ signer_id: 'othersigner' }])
    expect(failure(await signedRpc(wallet.id, body, { signer: appSigner, authorization: appAuthorization() }))[0]).toBe(401)
    expect((await signedRpc(wallet.id, body, { signer: otherAppSigner, authorization: appAuthorization() })).status).toBe(200)
    expect((await t.call('/api/v1/wallets/revoke', { body: {}, token: user.token })).status).toBe(200)
    expect((await t.call(walletPath(wallet.id), { token: user.token })).body.additional_signers).toEqual([])
  })

  it('is the owner’s to change: refuses a missing, foreign, app or replayed signature, and a bearer token of another user', async () => {
    const { user, signer, wallet } = await ownedWallet('ethereum')
    expect(failure(await setSigners(wallet.id, [APP_SIGNER_ID], { token: user.token }))).toEqual([
      401,
      'invalid_credentials',
      'Missing authorization signature',
    ])
    expect(failure(await setSigners(wallet.id, [APP_SIGNER_ID], { signer: (await userWithSigner()).signer, token: user.token }))[0]).toBe(401)
    expect(failure(await setSigners(wallet.id, [APP_SIGNER_ID], { signer: appSigner, authorization: appAuthorization() }))[0]).toBe(401)
    expect(failure(await setSigners(wallet.id, [APP_SIGNER_ID], { signer, token: (await signInUser(t)).token }))[0]).toBe(404)
    // A signature made for rpc (POST) does not authorize the PATCH of the same path and body.
    const expiresAt = t.clock.now() + 60_000
    const once = await setSigners(wallet.id, [APP_SIGNER_ID], { signer, token: user.token, expiresAt })
    expect(once.status).toBe(200)
    expect(failure(await setSigners(wallet.id, [APP_SIGNER_ID], { signer, token: user.token, expiresAt }))).toEqual([
      401,
      'invalid_credentials',
      'Authorization signature already used',
    ])
  })

  it('refuses an unknown or repeated signer, policies, other fields, and any signer on an app without delegated actions', async () => {
    const { user, signer, wallet } = await ownedWallet('ethereum')
    const patch = (payload: object) => signedCall('PATCH', walletPath(wallet.id), payload, { signer, token: user.token })
    expect(failure(await setSigners(wallet.id, ['nosuchsigner'], { signer, token: user.token }))).toEqual([
      400,
      'invalid_data',
      'Unknown session signer: nosuchsigner',
    ])
    expect(failure(await setSigners(wallet.id, [APP_SIGNER_ID, APP_SIGNER_ID], { signer, token: user.token }))).toEqual([
      400,
      'invalid_data',
      'A session signer is listed twice',
    ])
    expect(failure(await patch({ additional_signers: [{ signer_id: APP_SIGNER_ID, override_policy_ids: ['policy1'] }] }))).toEqual([
      400,
      'invalid_data',
      'Policies are not supported',
    ])
    expect(failure(await patch({ additional_signers: [], owner: null }))[0]).toBe(400)
    expect(failure(await patch({}))[0]).toBe(400)
    expect((await t.call(walletPath(wallet.id), { token: user.token })).body.additional_signers).toEqual([])
    const noDelegation = await t.createApp({
      name: 'No delegation',
      allowedOrigins: t.app.allowedOrigins,
      embeddedWallets: { ...serverMode, delegatedActionsEnabled: false, sessionSigners: [{ id: APP_SIGNER_ID, publicKey: appSigner.spki }] },
    })
    const login = await t.login(`no-delegation-${Date.now()}@example.com`, noDelegation.id)
    const ownSigner = await newP256Signer()
    await t.call(walletApiRoutes.userSigners.path, { body: { public_key: ownSigner.spki }, token: login.body.token, appId: noDelegation.id })
    const created = await t.call(walletApiRoutes.create.path, { body: { chain_type: 'ethereum' }, token: login.body.token, appId: noDelegation.id })
    expect(created.status).toBe(200)
    const refused = await setSigners(created.body.id, [APP_SIGNER_ID], { signer: ownSigner, token: login.body.token, appId: noDelegation.id })
    expect(failure(refused)).toEqual([403, 'feature_not_enabled', 'Delegated actions are not enabled for this app'])
  })
})

describe('POST /api/v1/wallets/:wallet_id/export', () => {
  /** The export frame's side: an ECDH P-256 key pair whose public half (SPKI, base64) the key is sealed to. */
  async function newRecipient() {
    const pair = await webcrypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])
    return { pair, spki: Buffer.from(await webcrypto.subtle.exportKey('spki', pair.publicKey)).toString('base64') }
  }
  type Recipient = Awaited<ReturnType<typeof newRecipient>>
  const exportBody = (recipient: Recipient) => ({ encryption_type: 'HPKE', recipient_public_key: recipient.spki })
  const exportWallet = (walletId: string, body: object, options: SignedCall) =>
    signedCall('POST', walletApiRoutes.export.path.replace(':wallet_id', walletId), body, options)
  /** Opens the answer as the export frame does: the key as an export screen shows it. */
  async function opened(recipient: Recipient, response: ApiResponse): Promise<string> {
    const enc = Buffer.from(response.body.encapsulated_key, 'base64')
    const plaintext = await walletExportSuite().open({ recipientKey: recipient.pair as CryptoKeyPair, enc }, Buffer.from(response.body.ciphertext, 'base64'))
    return new TextDecoder().decode(plaintext)
  }
  const exportedAt = async (walletId: string, token: string) => (await t.call(walletPath(walletId), { token })).body.exported_at
  const notAKey = [400, 'invalid_data', 'Invalid request body: recipient_public_key: must be a base64 P-256 public key (SPKI)']
  const elevenMinutes = FRESH_PROOF_WINDOW_MS / 1000 + 60

  it("seals each chain's key to the owner's recipient key: it derives the wallet's address, and exported_at records when", async () => {
    const ethereum = await ownedWallet('ethereum')
    const recipient = await newRecipient()
    expect(await exportedAt(ethereum.wallet.id, ethereum.user.token)).toBeNull()
    const before = t.clock.now()
    const sealed = await exportWallet(ethereum.wallet.id, exportBody(recipient), { signer: ethereum.signer, token: ethereum.user.token })
    expect(sealed.status).toBe(200)
    expect(Object.keys(sealed.body).sort()).toEqual(['ciphertext', 'encapsulated_key', 'encryption_type'])
    expect(sealed.body.encryption_type).toBe('HPKE')
    const ethereumKey = await opened(recipient, sealed)
    expect(ethereumKey).toMatch(/^0x[0-9a-f]{64}$/)
    expect(privateKeyToAddress(ethereumKey as `0x${string}`)).toBe(ethereum.wallet.address)
    expect(await exportedAt(ethereum.wallet.id, ethereum.user.token)).toBeGreaterThanOrEqual(before)
    // Another key than the recipient's opens nothing.
    await expect(opened(await newRecipient(), sealed)).rejects.toThrow()

    const solana = await ownedWallet('solana')
    const solanaSealed = await exportWallet(solana.wallet.id, exportBody(recipient), { signer: solana.signer, token: solana.user.token })
    const secretKey = decodeBase58(await opened(recipient, solanaSealed))!
    expect(secretKey).toHaveLength(64)
    expect(encodeBase58(ed25519.getPublicKey(secretKey.subarray(0, 32)))).toBe(solana.wallet.address)
    expect(encodeBase58(secretKey.subarray(32))).toBe(solana.wallet.address)
    expect(await exportedAt(solana.wallet.id, solana.user.token)).toEqual(expect.any(Number))
    for (const secret of [ethereumKey, ethereumKey.slice(2), encodeBase58(secretKey), Buffer.from(secretKey.subarray(0, 32)).toString('hex')])
      expect(logs).not.toContain(secret)
  })

  it('answers an imported key exactly as it was imported (Ethereum hex, Solana 64-byte base58)', async () => {
    const { user, signer } = await userWithSigner()
    const recipient = await newRecipient()
    const ethereumKey = generatePrivateKey()
    const seed = ed25519.utils.randomPrivateKey()
    const solanaKey = encodeBase58(new Uint8Array([...seed, ...ed25519.getPublicKey(seed)]))
    for (const [chain, key] of [
      ['ethereum', ethereumKey],
      ['solana', solanaKey],
    ] as const) {
      const imported = await t.call(walletApiRoutes.import.path, { body: { chain_type: chain, private_key: key }, token: user.token })
      expect(imported.status).toBe(200)
      expect(await opened(recipient, await exportWallet(imported.body.id, exportBody(recipient), { signer, token: user.token }))).toBe(key)
    }
  })

  it("refuses a missing, forged, another user's or replayed signature with 401 invalid_credentials, and records no export", async () => {
    const { user, signer, wallet } = await ownedWallet('ethereum')
    const body = exportBody(await newRecipient())
    const asOwner = (options: SignedCall = {}) => exportWallet(wallet.id, body, { token: user.token, ...options })
    expect(failure(await asOwner())).toEqual([401, 'invalid_credentials', 'Missing authorization signature'])
    expect(failure(await asOwner({ signer: await newP256Signer() }))).toEqual([401, 'invalid_credentials', 'Invalid authorization signature'])
    expect(failure(await asOwner({ signer: (await userWithSigner()).signer }))).toEqual([401, 'invalid_credentials', 'Invalid authorization signature'])
    expect(failure(await asOwner({ signer, signature: 'not base64!' }))).toEqual([401, 'invalid_credentials', 'Invalid authorization signature'])
    expect(await exportedAt(wallet.id, user.token)).toBeNull()
    const expiresAt = t.clock.now() + 60_000
    expect((await asOwner({ signer, expiresAt })).status).toBe(200)
    expect(failure(await asOwner({ signer, expiresAt }))).toEqual([401, 'invalid_credentials', 'Authorization signature already used'])
  })

  it("is the owner's session only: not the app secret (403), not a signature alone (401), not another user (404)", async () => {
    const { user, signer, wallet } = await ownedWallet('ethereum')
    const body = exportBody(await newRecipient())
    const appSecret = { authorization: appAuthorization() }
    expect(failure(await exportWallet(wallet.id, body, { signer: appSigner, ...appSecret }))).toEqual([
      403,
      'missing_or_invalid_token',
      'Sign in again to export your wallet',
    ])
    expect(failure(await exportWallet(wallet.id, body, { signer, ...appSecret }))[0]).toBe(403)
    // Even once the app may sign for it, the key is not the app's to take.
    await t.call('/api/v1/wallets/delegate', { body: { address: wallet.address, chain_type: 'ethereum' }, token: user.token })
    expect(failure(await exportWallet(wallet.id, body, { signer: appSigner, ...appSecret }))[0]).toBe(403)
    expect(failure(await exportWallet(wallet.id, body, { signer }))[0]).toBe(401)
    const stranger = await userWithSigner()
    expect(failure(await exportWallet(wallet.id, body, { signer: stranger.signer, token: stranger.user.token }))).toEqual([
      404,
      'not_found',
      'Wallet not found',
    ])
    expect(failure(await exportWallet(wallet.id, body, { signer, token: stranger.user.token }))).toEqual([404, 'not_found', 'Wallet not found'])
    expect(failure(await exportWallet('0'.repeat(24), body, { signer, token: user.token }))).toEqual([404, 'not_found', 'Wallet not found'])
    expect(await exportedAt(wallet.id, user.token)).toBeNull()
  })

  it('refuses a malformed recipient key and any encryption but HPKE with 400 invalid_data', async () => {
    const { user, signer, wallet } = await ownedWallet('ethereum')
    const recipient = await newRecipient()
    const post = (body: object) => exportWallet(wallet.id, body, { signer, token: user.token })
    const p384 = await webcrypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-384' }, true, ['deriveBits'])
    const p384Spki = Buffer.from(await webcrypto.subtle.exportKey('spki', p384.publicKey)).toString('base64')
    for (const key of ['not base64!', Buffer.alloc(91, 7).toString('base64'), p384Spki, `${recipient.spki}${'A'.repeat(200)}`, '']) {
      expect(failure(await post({ encryption_type: 'HPKE', recipient_public_key: key }))).toEqual(notAKey)
    }
    expect(failure(await post({ encryption_type: 'RSA', recipient_public_key: recipient.spki })).slice(0, 2)).toEqual([400, 'invalid_data'])
    expect(failure(await post({ recipient_public_key: recipient.spki })).slice(0, 2)).toEqual([400, 'invalid_data'])
    expect(failure(await post({ ...exportBody(recipient), wallet_id: wallet.id })).slice(0, 2)).toEqual([400, 'invalid_data'])
    expect(await exportedAt(wallet.id, user.token)).toBeNull()
  })

  it('needs a sign-in within 10 minutes, or with MFA enrolled a fresh MFA verification, like on-device export', async () => {
    const { user, signer, wallet } = await ownedWallet('ethereum')
    const recipient = await newRecipient()
    t.clock.advance(elevenMinutes)
    expect(failure(await exportWallet(wallet.id, exportBody(recipient), { signer, token: user.token }))).toEqual([
      403,
      'missing_or_invalid_token',
      'Sign in again to export your wallet',
    ])
    const again = await signInUser(t, user.email)
    const fresh = await exportWallet(wallet.id, exportBody(recipient), { signer, token: again.token })
    expect(privateKeyToAddress((await opened(recipient, fresh)) as `0x${string}`)).toBe(wallet.address)

    // Enrolling MFA ends the user's other sessions, and with them the first session's user signer.
    const secret = await enrolTotp(t, again)
    const current = await newP256Signer()
    expect((await t.call(walletApiRoutes.userSigners.path, { body: { public_key: current.spki }, token: again.token })).status).toBe(200)
    expect(failure(await exportWallet(wallet.id, exportBody(recipient), { signer: current, token: again.token }))).toEqual([
      403,
      'mfa_required',
      'MFA verification required',
    ])
    const mfaToken = await verifyTotp(t, again, secret)
    expect((await exportWallet(wallet.id, exportBody(recipient), { signer: current, token: again.token, mfaToken })).status).toBe(200)
    t.clock.advance(elevenMinutes)
    expect(failure(await exportWallet(wallet.id, exportBody(recipient), { signer: current, token: again.token, mfaToken }))[1]).toBe('mfa_required')
  })
})

describe('refusals of the wallet spec for privy-v2 wallets', () => {
  it('refuses setting recovery (unsupported_recovery_method) and share export', async () => {
    const { user, wallet } = await ownedWallet('ethereum')
    const recovery = await t.call(`/api/v1/embedded_wallets/${wallet.address}/reshare`, { body: {}, token: user.token })
    expect(failure(recovery)).toEqual([400, 'unsupported_recovery_method', 'Recovery cannot be set on a server-managed wallet'])
    const exported = await t.call(`/api/v1/embedded_wallets/${wallet.address}/export`, { body: { chain_type: 'ethereum' }, token: user.token })
    expect(failure(exported)).toEqual([400, 'not_supported', 'Server-managed wallets cannot be exported'])
  })
})

/** ASN.1 DER of an r‖s ECDSA signature: SEQUENCE { INTEGER r, INTEGER s }. */
function derSignature(raw: Buffer): Buffer {
  const integer = (bytes: Buffer) => {
    let trimmed = bytes
    while (trimmed.length > 1 && trimmed[0] === 0 && trimmed[1]! < 0x80) trimmed = trimmed.subarray(1)
    if (trimmed[0]! >= 0x80) trimmed = Buffer.concat([Buffer.from([0]), trimmed])
    return Buffer.concat([Buffer.from([0x02, trimmed.length]), trimmed])
  }
  const body = Buffer.concat([integer(raw.subarray(0, 32)), integer(raw.subarray(32))])
  return Buffer.concat([Buffer.from([0x30, body.length]), body])
}
