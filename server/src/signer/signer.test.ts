import { ed25519 } from '@noble/curves/ed25519'
import { existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Keypair, MessageV0, PublicKey, SystemProgram, Transaction, VersionedTransaction } from '@solana/web3.js'
import { getAddress, keccak256, recoverAddress, recoverTransactionAddress, toHex, verifyMessage, verifyTypedData, type Hex } from 'viem'
import { privateKeyToAddress } from 'viem/accounts'
import { recoverAuthorizationAddress } from 'viem/utils'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { decodeBase58, encodeBase58 } from '../../../src/protocol/base58.js'
import { walletExportSuite } from '../../../src/protocol/custody/wallet-export-hpke.js'
import { openDatabase } from '../db/open.js'
import type { Db } from '../db/types.js'
import { createLogger } from '../logger.js'
import { createServerContext } from '../server.js'
import type { EmbeddedWalletSettings } from '../apps/types.js'
import { loadKeyEncryptionKeys, parseKek } from '../secrets/kek-settings.js'
import { localKeyEncryptionKeys } from '../secrets/local-key-encryption-keys.js'
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.js'
import { startTestServer } from '../test-support/test-server.js'
import { testSignerSettings } from '../test-support/test-signer.js'
import type { SignerProcessSettings } from './ipc-messages.js'
import { openSignerStore } from './key-store.js'
import { rotateSignerKeys } from './rotate-signer-keys.js'
import { createSignerClient, type SignerClient } from './signer-client.js'
import { signWithKey } from './sign-with-key.js'

const APP = 'app-signer-test-0000000001'
const OTHER_APP = 'app-signer-test-0000000002'
// Known keys, imported, so the store and the API's database can be searched for them in every encoding.
const ETHEREUM_KEY = Uint8Array.from(Buffer.from('4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318', 'hex'))
const SOLANA_SEED = Uint8Array.from(Buffer.from('9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60', 'hex'))
/** The key-encryption key the rotation test moves the signer's store to. */
const ROTATED_KEK = Buffer.alloc(32, 9)

let database: TestDatabase
let settings: SignerProcessSettings
let signer: SignerClient
let madeEarlier: { keyId: string; address: string } | undefined
const startSigner = () => createSignerClient({ settings, logger: createLogger(true) })

beforeAll(async () => {
  database = await createTestDatabase()
  // The API's own database, as a server would open it, beside the signer's store.
  await (await openDatabase({ dataDir: database.dataDir ?? '', databaseUrl: database.databaseUrl })).close()
  settings = await testSignerSettings(database)
  signer = startSigner()
})
afterAll(async () => {
  await signer?.close()
  await database?.dispose()
})

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (thrown: { status?: number; code?: string; message: string }) => thrown,
  )
  return error && { status: error.status, code: error.code, message: error.message }
}

const exited = (pid: number) =>
  new Promise<void>((resolve) => {
    const poll = setInterval(() => {
      try {
        process.kill(pid, 0)
      } catch {
        clearInterval(poll)
        resolve()
      }
    }, 20)
  })

describe('the signer process: Ethereum', () => {
  it('creates a key (an EIP-55 address) and signs every method; each signature verifies for that address', async () => {
    const { keyId, address } = await signer.createKey({ appId: APP, chainType: 'ethereum' })
    expect(getAddress(address)).toBe(address)
    const sign = (request: Parameters<SignerClient['sign']>[0]['request']) => signer.sign({ appId: APP, keyId, request }) as Promise<any>
    const wallet = address as Hex

    const text = await sign({ method: 'personal_sign', params: { message: 'Hello from Tessera', encoding: 'utf-8' } })
    expect(await verifyMessage({ address: wallet, message: 'Hello from Tessera', signature: text.data.signature })).toBe(true)
    const raw = await sign({ method: 'personal_sign', params: { message: '0xdeadbeef', encoding: 'hex' } })
    expect(await verifyMessage({ address: wallet, message: { raw: '0xdeadbeef' }, signature: raw.data.signature })).toBe(true)

    const typedData = {
      domain: { name: 'Tessera', version: '1', chainId: 31337, verifyingContract: '0x00000000000000000000000000000000000000aa' as Hex },
      types: {
        Mail: [
          { name: 'to', type: 'address' },
          { name: 'contents', type: 'string' },
        ],
      },
      message: { to: '0x00000000000000000000000000000000000000bb' as Hex, contents: 'hi' },
    }
    const typed = await sign({ method: 'eth_signTypedData_v4', params: { typed_data: { ...typedData, primary_type: 'Mail' } } })
    expect(await verifyTypedData({ address: wallet, ...typedData, primaryType: 'Mail', signature: typed.data.signature })).toBe(true)

    const hash = keccak256(toHex('a hash to sign'))
    const raw256 = await sign({ method: 'secp256k1_sign', params: { hash } })
    expect(await recoverAddress({ hash, signature: raw256.data.signature })).toBe(address)

    const eip1559 = await sign({
      method: 'eth_signTransaction',
      params: {
        transaction: {
          to: '0x00000000000000000000000000000000000000bb',
          chain_id: 31337,
          nonce: 3,
          gas_limit: 21_000,
          value: '0x1',
          max_fee_per_gas: '0x3b9aca00',
          max_priority_fee_per_gas: 1,
        },
      },
    })
    expect(await recoverTransactionAddress({ serializedTransaction: eip1559.data.signed_transaction })).toBe(address)
    const legacy = await sign({
      method: 'eth_signTransaction',
      params: {
        transaction: { to: '0x00000000000000000000000000000000000000bb', chain_id: 1, nonce: 0, gas_limit: 21_000, gas_price: 1_000_000_000, type: 0 },
      },
    })
    expect(await recoverTransactionAddress({ serializedTransaction: legacy.data.signed_transaction })).toBe(address)

    const contract = '0x00000000000000000000000000000000000000cc'
    const authorization = await sign({ method: 'eth_sign7702Authorization', params: { contract, chain_id: 31337, nonce: 7 } })
    expect(authorization.data.authorization).toMatchObject({ contract, chain_id: 31337, nonce: 7 })
    const { r, s, y_parity: yParity } = authorization.data.authorization
    expect(await recoverAuthorizationAddress({ authorization: { address: contract, chainId: 31337, nonce: 7, r, s, yParity } })).toBe(address)
  })

  it('imports a key (its address derives from it) and refuses one that is no secp256k1 key, and a chain it does not know', async () => {
    const imported = await signer.importKey({ appId: APP, chainType: 'ethereum', privateKey: ETHEREUM_KEY.slice() })
    expect(imported.address).toBe(privateKeyToAddress(toHex(ETHEREUM_KEY)))
    const signed = (await signer.sign({
      appId: APP,
      keyId: imported.keyId,
      request: { method: 'personal_sign', params: { message: 'imported', encoding: 'utf-8' } },
    })) as any
    expect(await verifyMessage({ address: imported.address as Hex, message: 'imported', signature: signed.data.signature })).toBe(true)
    expect(await refusal(signer.importKey({ appId: APP, chainType: 'ethereum', privateKey: new Uint8Array(32) }))).toEqual({
      status: 400,
      code: 'invalid_data',
      message: 'Invalid private key',
    })
    expect(await refusal(signer.importKey({ appId: APP, chainType: 'ethereum', privateKey: new Uint8Array(31).fill(1) }))).toMatchObject({
      status: 400,
      code: 'invalid_data',
    })
    expect(await refusal(signer.createKey({ appId: APP, chainType: 'bitcoin' as 'ethereum' }))).toEqual({
      status: 400,
      code: 'invalid_data',
      message: 'Invalid chain_type',
    })
  })

  it("refuses another app's key id (not_found), the other chain's methods and a malformed request (invalid_data)", async () => {
    const { keyId } = await signer.createKey({ appId: APP, chainType: 'ethereum' })
    const personal = { method: 'personal_sign', params: { message: 'x', encoding: 'utf-8' } } as const
    expect(await refusal(signer.sign({ appId: OTHER_APP, keyId, request: personal }))).toEqual({ status: 404, code: 'not_found', message: 'Wallet not found' })
    expect(await refusal(signer.sign({ appId: APP, keyId: 'no-such-key', request: personal }))).toMatchObject({ status: 404, code: 'not_found' })
    expect(await refusal(signer.sign({ appId: APP, keyId, request: { method: 'signMessage', params: { message: 'aGVsbG8=', encoding: 'base64' } } }))).toEqual({
      status: 400,
      code: 'invalid_data',
      message: 'Invalid request body: method: signMessage does not sign for a ethereum wallet',
    })
    expect(
      await refusal(
        signer.sign({
          appId: APP,
          keyId,
          request: { method: 'eth_sign7702Authorization', params: { contract: '0x00000000000000000000000000000000000000cc', chain_id: 1 } } as any,
        }),
      ),
    ).toMatchObject({ status: 400, code: 'invalid_data', message: expect.stringContaining('params.nonce') })
  })
})

/** A transfer from `from` whose fee payer is `payer`: the wallet is the second signer when it is not the payer. */
function transfer(from: PublicKey, payer: PublicKey, version: 'legacy' | 0): { wire: string; message: Uint8Array } {
  const instruction = SystemProgram.transfer({ fromPubkey: from, toPubkey: Keypair.generate().publicKey, lamports: 5 })
  const recentBlockhash = encodeBase58(new Uint8Array(32).fill(7))
  if (version === 'legacy') {
    const transaction = new Transaction({ feePayer: payer, recentBlockhash }).add(instruction)
    return { wire: transaction.serialize({ requireAllSignatures: false, verifySignatures: false }).toString('base64'), message: transaction.serializeMessage() }
  }
  const transaction = new VersionedTransaction(MessageV0.compile({ payerKey: payer, recentBlockhash, instructions: [instruction] }))
  return { wire: Buffer.from(transaction.serialize()).toString('base64'), message: transaction.message.serialize() }
}

describe('the signer process: Solana', () => {
  it('creates a key (a base58 address) and signs messages, legacy and v0 transactions in its own signer slot', async () => {
    const { keyId, address } = await signer.createKey({ appId: APP, chainType: 'solana' })
    const publicKey = new PublicKey(address)
    expect(publicKey.toBase58()).toBe(address)
    const sign = (request: Parameters<SignerClient['sign']>[0]['request']) => signer.sign({ appId: APP, keyId, request }) as Promise<any>

    const message = Buffer.from('Hello from Tessera')
    const signed = await sign({ method: 'signMessage', params: { message: message.toString('base64'), encoding: 'base64' } })
    expect(ed25519.verify(Buffer.from(signed.data.signature, 'base64'), message, publicKey.toBytes())).toBe(true)

    const payer = Keypair.generate().publicKey
    for (const version of ['legacy', 0] as const) {
      const { wire, message: bytes } = transfer(publicKey, payer, version)
      const answer = await sign({ method: 'signTransaction', params: { transaction: wire, encoding: 'base64' } })
      expect(answer.data.encoding).toBe('base64')
      const result = VersionedTransaction.deserialize(Buffer.from(answer.data.signed_transaction, 'base64'))
      // Slot 0 is the fee payer's (left empty); slot 1 is the wallet's.
      expect(result.message.staticAccountKeys[1]!.toBase58()).toBe(address)
      expect(result.signatures[0]!.every((byte) => byte === 0)).toBe(true)
      expect(ed25519.verify(result.signatures[1]!, bytes, publicKey.toBytes())).toBe(true)
    }
  })

  it('imports an ed25519 seed and refuses a transaction that does not list the wallet as a signer (invalid_data)', async () => {
    const imported = await signer.importKey({ appId: APP, chainType: 'solana', privateKey: SOLANA_SEED.slice() })
    expect(imported.address).toBe(encodeBase58(ed25519.getPublicKey(SOLANA_SEED)))
    const stranger = Keypair.generate().publicKey
    const { wire } = transfer(stranger, stranger, 0)
    expect(
      await refusal(
        signer.sign({ appId: APP, keyId: imported.keyId, request: { method: 'signTransaction', params: { transaction: wire, encoding: 'base64' } } }),
      ),
    ).toEqual({ status: 400, code: 'invalid_data', message: 'Invalid request body: params.transaction: this wallet is not one of its signers' })
    expect(
      await refusal(
        signer.sign({ appId: APP, keyId: imported.keyId, request: { method: 'signTransaction', params: { transaction: 'AAAA', encoding: 'base64' } } }),
      ),
    ).toEqual({ status: 400, code: 'invalid_data', message: 'Invalid request body: params.transaction: not a Solana transaction' })
  })
})

describe('the signer process: export', () => {
  async function newRecipient() {
    const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])
    return { pair, spki: Buffer.from(await crypto.subtle.exportKey('spki', pair.publicKey)).toString('base64') }
  }
  const open = async (pair: CryptoKeyPair, sealed: { encapsulatedKey: string; ciphertext: string }) =>
    new TextDecoder().decode(
      await walletExportSuite().open({ recipientKey: pair, enc: Buffer.from(sealed.encapsulatedKey, 'base64') }, Buffer.from(sealed.ciphertext, 'base64')),
    )
  const encodings = (key: Uint8Array) => [
    Buffer.from(key).toString('hex'),
    Buffer.from(key).toString('base64'),
    Buffer.from(key).toString('base64url'),
    encodeBase58(key),
  ]

  it('answers only the HPKE-sealed key over IPC; the recipient opens the key as export screens show it (Ethereum hex, Solana base58 secret key)', async () => {
    const recipient = await newRecipient()
    const ethereum = await signer.importKey({ appId: APP, chainType: 'ethereum', privateKey: ETHEREUM_KEY.slice() })
    const solana = await signer.importKey({ appId: APP, chainType: 'solana', privateKey: SOLANA_SEED.slice() })
    const solanaSecretKey = new Uint8Array([...SOLANA_SEED, ...ed25519.getPublicKey(SOLANA_SEED)])
    for (const [{ keyId }, key, expected] of [
      [ethereum, ETHEREUM_KEY, toHex(ETHEREUM_KEY)],
      [solana, SOLANA_SEED, encodeBase58(solanaSecretKey)],
    ] as const) {
      const sealed = await signer.exportKey({ appId: APP, keyId, recipientPublicKey: recipient.spki })
      // What came back over the channel: two base64 fields, no encoding of the key among them.
      expect(Object.keys(sealed).sort()).toEqual(['ciphertext', 'encapsulatedKey'])
      expect(Buffer.from(sealed.encapsulatedKey, 'base64')).toHaveLength(65)
      const answer = JSON.stringify(sealed).toLowerCase()
      for (const text of [...encodings(key), ...encodings(solanaSecretKey), expected]) expect(answer).not.toContain(text.toLowerCase())
      expect(await open(recipient.pair, sealed)).toBe(expected)
    }
    expect(decodeBase58(await open(recipient.pair, await signer.exportKey({ appId: APP, keyId: solana.keyId, recipientPublicKey: recipient.spki })))).toEqual(
      solanaSecretKey,
    )
  })

  it("refuses a recipient key that is no base64 P-256 SPKI (invalid_data) and another app's key id (not_found)", async () => {
    const { keyId } = await signer.createKey({ appId: APP, chainType: 'ethereum' })
    const recipient = await newRecipient()
    const ecdsa = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-384' }, true, ['sign'])
    const p384 = Buffer.from(await crypto.subtle.exportKey('spki', ecdsa.publicKey)).toString('base64')
    const notAKey = { status: 400, code: 'invalid_data', message: 'Invalid request body: recipient_public_key: must be a base64 P-256 public key (SPKI)' }
    for (const recipientPublicKey of ['not base64!', Buffer.alloc(91, 1).toString('base64'), p384, 42 as unknown as string]) {
      expect(await refusal(signer.exportKey({ appId: APP, keyId, recipientPublicKey }))).toEqual(notAKey)
    }
    expect(await refusal(signer.exportKey({ appId: OTHER_APP, keyId, recipientPublicKey: recipient.spki }))).toEqual({
      status: 404,
      code: 'not_found',
      message: 'Wallet not found',
    })
  })
})

describe('the signer process: restarts', () => {
  it('starts again after being killed, and the next signature works', async () => {
    const { keyId, address } = (madeEarlier = await signer.createKey({ appId: APP, chainType: 'ethereum' }))
    const pid = signer.pid()!
    process.kill(pid)
    await exited(pid)
    const signed = (await signer.sign({ appId: APP, keyId, request: { method: 'personal_sign', params: { message: 'after', encoding: 'utf-8' } } })) as any
    expect(await verifyMessage({ address: address as Hex, message: 'after', signature: signed.data.signature })).toBe(true)
    expect(signer.pid()).not.toBe(pid)
  })

  it('answers a request the signer had in hand when it was killed, from the new process', async () => {
    const { keyId, address } = await signer.createKey({ appId: APP, chainType: 'ethereum' })
    const pending = signer.sign({
      appId: APP,
      keyId,
      request: { method: 'personal_sign', params: { message: 'in flight', encoding: 'utf-8' } },
    }) as Promise<any>
    process.kill(signer.pid()!, 'SIGKILL')
    expect(await verifyMessage({ address: address as Hex, message: 'in flight', signature: (await pending).data.signature })).toBe(true)
  })
})

describe('the signer store at rest', () => {
  let store: Db
  beforeAll(async () => {
    // PGlite admits one process: the signer stops while the test reads its store.
    await signer.close()
    store = await openSignerStore(settings.store)
  })
  afterAll(async () => {
    await store?.close()
  })

  const encodings = (key: Uint8Array) => [
    Buffer.from(key).toString('hex'),
    Buffer.from(key).toString('base64'),
    Buffer.from(key).toString('base64url'),
    encodeBase58(key),
  ]

  it('holds every key sealed: no row has key bytes in clear, in any encoding', async () => {
    const rows = await store.query<Record<string, unknown>>('SELECT * FROM tessera_signer.wallet_keys')
    expect(rows.length).toBeGreaterThanOrEqual(6)
    for (const row of rows) expect(String(row.sealed_key)).toMatch(/^kek1\./)
    const dump = JSON.stringify(rows).toLowerCase()
    for (const text of [...encodings(ETHEREUM_KEY), ...encodings(SOLANA_SEED)]) expect(dump).not.toContain(text.toLowerCase())
  })

  it("keeps no key material in the API's database (every schema; with PostgreSQL the signer's schema holds only sealed keys)", async () => {
    const api = await openDatabase({ dataDir: database.dataDir ?? '', databaseUrl: database.databaseUrl })
    try {
      const tables = await api.query<{ table_schema: string; table_name: string }>(
        "SELECT table_schema, table_name FROM information_schema.tables WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')",
      )
      expect(tables.some((table) => table.table_name === 'apps')).toBe(true)
      let dump = ''
      for (const { table_schema, table_name } of tables) dump += JSON.stringify(await api.query(`SELECT * FROM "${table_schema}"."${table_name}"`))
      for (const text of [...encodings(ETHEREUM_KEY), ...encodings(SOLANA_SEED)]) expect(dump.toLowerCase()).not.toContain(text.toLowerCase())
      expect(tables.some((table) => table.table_schema === 'tessera_signer')).toBe(Boolean(database.databaseUrl))
    } finally {
      await api.close()
    }
  })

  it("does not open a sealed key moved to another app's row", async () => {
    const keys = loadKeyEncryptionKeys({ dev: false, dataDir: '' })
    const deps = { db: store, keys, now: Date.now }
    const [row] = await store.query<{ id: string }>("SELECT id FROM tessera_signer.wallet_keys WHERE app_id = $1 AND chain_type = 'ethereum' LIMIT 1", [APP])
    const request = { method: 'personal_sign', params: { message: 'moved', encoding: 'utf-8' } }
    await expect(signWithKey(deps, { appId: APP, keyId: row!.id, request })).resolves.toMatchObject({ method: 'personal_sign' })
    await store.query('UPDATE tessera_signer.wallet_keys SET app_id = $2 WHERE id = $1', [row!.id, OTHER_APP])
    await expect(signWithKey(deps, { appId: OTHER_APP, keyId: row!.id, request })).rejects.toThrow(/does not open/)
    await store.query('UPDATE tessera_signer.wallet_keys SET app_id = $2 WHERE id = $1', [row!.id, APP])
  })

  it('is re-sealed by keys rotate, and the keys still sign under the new key alone', async () => {
    const oldKey = parseKek(process.env.TESSERA_KEK!, 'TESSERA_KEK')
    const newKey = ROTATED_KEK
    const rotating = localKeyEncryptionKeys(newKey, [oldKey])
    const count = (await store.query('SELECT 1 FROM tessera_signer.wallet_keys')).length
    // The command opens the store itself (PGlite admits one process).
    await store.close()
    expect(await rotateSignerKeys(settings.store, rotating)).toEqual([
      `Re-sealed ${count} server-managed wallet keys in the signer's store under key-encryption key ${rotating.activeKeyId}.`,
    ])
    store = await openSignerStore(settings.store)
    const [row] = await store.query<{ id: string; app_id: string }>(
      "SELECT id, app_id FROM tessera_signer.wallet_keys WHERE app_id = $1 AND chain_type = 'solana' LIMIT 1",
      [APP],
    )
    const request = { method: 'signMessage', params: { message: 'aGVsbG8=', encoding: 'base64' } }
    const deps = (keys: ReturnType<typeof localKeyEncryptionKeys>) => ({ db: store, keys, now: Date.now })
    await expect(signWithKey(deps(localKeyEncryptionKeys(newKey)), { appId: APP, keyId: row!.id, request })).resolves.toMatchObject({ method: 'signMessage' })
    await expect(signWithKey(deps(localKeyEncryptionKeys(oldKey)), { appId: APP, keyId: row!.id, request })).rejects.toThrow(/not configured/)
  })

  it('leaves a PGlite signer store that was never created alone', async () => {
    const dataDir = join(tmpdir(), `tessera-no-signer-${process.pid}-${Date.now()}`)
    expect(await rotateSignerKeys({ dataDir }, loadKeyEncryptionKeys({ dev: false, dataDir: '' }))).toEqual([])
    expect(existsSync(dataDir)).toBe(false)
  })
})

describe('ctx.signer', () => {
  it("is the signer process with the server's settings: its store beside the server's data (PGlite <data dir>/signer, or the PostgreSQL schema)", async () => {
    const api = await openDatabase({ dataDir: database.dataDir ?? '', databaseUrl: database.databaseUrl })
    // The rotation above sealed the store under ROTATED_KEK: the forked signer reads it from the settings it inherits.
    process.env.TESSERA_KEK_PREVIOUS = ROTATED_KEK.toString('base64url')
    const ctx = await createServerContext({ quiet: true, dataDir: database.dataDir, databaseUrl: database.databaseUrl }, { db: api })
    try {
      // A key the first signer made: the server's own signer finds and opens it.
      const { keyId, address } = madeEarlier!
      const signed = (await ctx.signer.sign({ appId: APP, keyId, request: { method: 'personal_sign', params: { message: 'ctx', encoding: 'utf-8' } } })) as any
      expect(await verifyMessage({ address: address as Hex, message: 'ctx', signature: signed.data.signature })).toBe(true)
    } finally {
      await ctx.signer.close()
      await api.close()
      delete process.env.TESSERA_KEK_PREVIOUS
    }
  })
})

describe('the signer at server start', () => {
  it('starts with the server when an app has server-managed wallets, before any wallet request', async () => {
    const own = await createTestDatabase()
    const early = createSignerClient({ settings: await testSignerSettings(own), logger: createLogger(true) })
    const embeddedWallets: EmbeddedWalletSettings = {
      ethereumCreateOnLogin: 'off',
      solanaCreateOnLogin: 'off',
      requireUserPasswordOnCreate: false,
      userOwnedRecoveryOptions: [],
      googleDriveApiUrl: 'https://www.googleapis.com',
      mode: 'user-controlled-server-wallets-only',
    }
    const t = await startTestServer({ app: { embeddedWallets }, overrides: { signer: early } })
    try {
      await vi.waitFor(() => expect(early.pid()).toBeDefined(), { timeout: 30_000 })
    } finally {
      await t.close()
      await early.close()
      await own.dispose()
    }
  })
})
