import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../test-support/test-server.js'
import { decodeBase58, encodeBase58, siwsMessage } from '../../../../src/protocol/index.js'

const ORIGIN = 'https://app.example'
let t: TestServer

beforeAll(async () => {
  t = await startTestServer({ app: { allowedOrigins: [ORIGIN], loginMethods: ['email', 'wallet', 'solana_wallet'] } })
})
afterAll(async () => {
  await t?.close()
})

interface SolanaWallet {
  address: string
  privateKey: KeyObject
}
function newWallet(): SolanaWallet {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519')
  const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32)
  return { address: encodeBase58(raw), privateKey }
}
const signWith = (wallet: SolanaWallet, message: string) => sign(null, Buffer.from(message, 'utf8'), wallet.privateKey).toString('base64')

interface CallContext {
  token?: string
  origin?: string
}
const call = (path: string, body: unknown, context: CallContext = {}) =>
  t.call(`/api/v1/siws/${path}`, { body, headers: { origin: context.origin ?? ORIGIN }, ...(context.token ? { token: context.token } : {}) })

async function nonceFor(address: string): Promise<string> {
  const init = await call('init', { address })
  expect(init.status).toBe(200)
  return init.body.nonce
}

type Fields = Partial<Parameters<typeof siwsMessage>[0]>
const messageFor = (wallet: SolanaWallet, nonce: string, fields: Fields = {}) =>
  siwsMessage({
    domain: 'app.example',
    address: wallet.address,
    uri: `${ORIGIN}/`,
    nonce,
    issuedAt: new Date(t.clock.now()).toISOString(),
    resources: ['https://app.example'],
    ...fields,
  })

async function signedBody(wallet: SolanaWallet, fields: Fields = {}) {
  const message = messageFor(wallet, await nonceFor(wallet.address), fields)
  return { message, signature: signWith(wallet, message), walletClientType: 'phantom', connectorType: 'solana_adapter' }
}

const expectRejected = (response: { status: number; body: any }) => {
  expect(response.status).toBe(400)
  expect(response.body.code).toBe('invalid_credentials')
}

describe('base58', () => {
  it('round-trips keys, leading zeros included', () => {
    for (const bytes of [new Uint8Array(32).fill(7), Uint8Array.from([0, 0, 1, 2, 255]), new Uint8Array(32)]) {
      expect(decodeBase58(encodeBase58(bytes))).toEqual(bytes)
    }
    expect(decodeBase58('0OIl')).toBeNull()
  })
})

describe('SIWS sign-in', () => {
  it('signs a new user in with a Solana wallet, then the same user again', async () => {
    const wallet = newWallet()
    const first = await call('authenticate', await signedBody(wallet))
    expect(first.status).toBe(200)
    expect(first.body.is_new_user).toBe(true)
    expect(first.body.user.linked_accounts).toEqual([
      expect.objectContaining({
        type: 'wallet',
        address: wallet.address,
        chain_type: 'solana',
        wallet_client_type: 'phantom',
        connector_type: 'solana_adapter',
        imported: false,
        delegated: false,
      }),
    ])
    const second = await call('authenticate', await signedBody(wallet))
    expect(second.status).toBe(200)
    expect(second.body.user.id).toBe(first.body.user.id)
  })

  it('accepts a base58 signature and a message without resources', async () => {
    const wallet = newWallet()
    const message = messageFor(wallet, await nonceFor(wallet.address), { resources: [] })
    const signature = encodeBase58(sign(null, Buffer.from(message), wallet.privateKey))
    expect((await call('authenticate', { message, signature })).status).toBe(200)
  })

  it('rejects a plain signature sent as a memo transaction', async () => {
    expectRejected(await call('authenticate', { ...(await signedBody(newWallet())), message_type: 'transaction' }))
  })

  it('rejects an address that is not a Solana key', async () => {
    expect((await call('init', { address: '0xabc' })).body.code).toBe('invalid_data')
  })
})

describe('docs/security.md #27: the signed bytes are the message the server rebuilds', () => {
  it('rejects a signature by another key', async () => {
    const [wallet, thief] = [newWallet(), newWallet()]
    const message = messageFor(wallet, await nonceFor(wallet.address))
    expectRejected(await call('authenticate', { message, signature: signWith(thief, message) }))
  })
  it('rejects a message for another domain', async () => {
    expectRejected(await call('authenticate', await signedBody(newWallet(), { domain: 'evil.example' })))
  })
  it('rejects a message with another statement', async () => {
    const wallet = newWallet()
    const message = messageFor(wallet, await nonceFor(wallet.address)).replace('You are proving you own', 'I approve sending everything from')
    expectRejected(await call('authenticate', { message, signature: signWith(wallet, message) }))
  })
  it("rejects a URI outside the app's origins", async () => {
    expectRejected(await call('authenticate', await signedBody(newWallet(), { uri: 'https://evil.example/' })))
  })
  it('rejects a nonce issued for another address, or never issued', async () => {
    const [wallet, other] = [newWallet(), newWallet()]
    for (const nonce of [await nonceFor(other.address), 'neverissued1234']) {
      const message = messageFor(wallet, nonce)
      expectRejected(await call('authenticate', { message, signature: signWith(wallet, message) }))
    }
  })
  it('rejects a stale or future issued-at', async () => {
    expectRejected(await call('authenticate', await signedBody(newWallet(), { issuedAt: new Date(t.clock.now() - 11 * 60_000).toISOString() })))
    expectRejected(await call('authenticate', await signedBody(newWallet(), { issuedAt: new Date(t.clock.now() + 5 * 60_000).toISOString() })))
  })
  it('gives exactly one session to 10 parallel verifications of one nonce', async () => {
    const body = await signedBody(newWallet())
    const responses = await Promise.all(Array.from({ length: 10 }, () => call('authenticate', body)))
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1)
    for (const response of responses.filter((r) => r.status !== 200)) expectRejected(response)
  })
})

/** Test-side compact-u16 and legacy transaction writer, independent of the server's parser. */
const compact = (n: number) => (n < 0x80 ? [n] : [(n & 0x7f) | 0x80, n >> 7])
const MEMO_V2 = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr'
const COMPUTE_BUDGET = 'ComputeBudget111111111111111111111111111111'
interface TransactionOptions {
  memo: string
  signers: SolanaWallet[]
  memoProgram?: string
  versioned?: boolean
  extraInstruction?: boolean
}
function memoTransaction({ memo, signers, memoProgram = MEMO_V2, versioned = false, extraInstruction = false }: TransactionOptions): {
  message: Buffer
  sign: (wallet: SolanaWallet) => Buffer
  bytes: (signatures: Buffer[]) => Buffer
} {
  const programs = extraInstruction ? [memoProgram, COMPUTE_BUDGET] : [memoProgram]
  const keys = [...signers.map((w) => decodeBase58(w.address)!), ...programs.map((p) => decodeBase58(p)!)]
  const memoData = Buffer.from(memo, 'utf8')
  const memoIndex = signers.length
  const instructions = [
    ...(extraInstruction ? [[memoIndex + 1, ...compact(0), ...compact(5), 2, 0x40, 0x42, 0x0f, 0x00]] : []),
    [memoIndex, ...compact(signers.length), ...signers.map((_, i) => i), ...compact(memoData.length), ...memoData],
  ]
  const message = Buffer.from([
    ...(versioned ? [0x80] : []),
    signers.length,
    0,
    programs.length,
    ...compact(keys.length),
    ...keys.flatMap((k) => [...k]),
    ...new Array<number>(32).fill(9),
    ...compact(instructions.length),
    ...instructions.flat(),
    ...(versioned ? compact(0) : []),
  ])
  return {
    message,
    sign: (wallet) => sign(null, message, wallet.privateKey),
    bytes: (signatures) => Buffer.concat([Buffer.from(compact(signatures.length)), ...signatures, message]),
  }
}
const signedMemoTransaction = (options: TransactionOptions, signWith = options.signers) => {
  const transaction = memoTransaction(options)
  return transaction.bytes(signWith.map((w) => transaction.sign(w))).toString('base64')
}

describe('SIWS memo-transaction sign-in (wallets without signMessage)', () => {
  const transactionBody = async (wallet: SolanaWallet, options: Partial<TransactionOptions> = {}) => {
    const message = messageFor(wallet, await nonceFor(wallet.address))
    return {
      message,
      message_type: 'transaction',
      walletClientType: 'ledger',
      connectorType: 'solana_adapter',
      signature: signedMemoTransaction({ memo: message, signers: [wallet], ...options }),
    }
  }

  it('signs in when the memo is the SIWS message and the address signed the transaction (legacy and v0, base64 and base58)', async () => {
    const wallet = newWallet()
    const first = await call('authenticate', await transactionBody(wallet))
    expect(first.status).toBe(200)
    expect(first.body.user.linked_accounts).toEqual([
      expect.objectContaining({ type: 'wallet', address: wallet.address, chain_type: 'solana', wallet_client_type: 'ledger' }),
    ])
    const versioned = await transactionBody(wallet, { versioned: true, extraInstruction: true })
    const second = await call('authenticate', { ...versioned, signature: encodeBase58(Buffer.from(versioned.signature, 'base64')) })
    expect(second.status).toBe(200)
    expect(second.body.user.id).toBe(first.body.user.id)
  })

  it('accepts the v1 Memo program and a co-signed transaction where the wallet is not the fee payer', async () => {
    const [wallet, payer] = [newWallet(), newWallet()]
    const message = messageFor(wallet, await nonceFor(wallet.address))
    const signature = signedMemoTransaction({ memo: message, signers: [payer, wallet], memoProgram: 'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo' })
    expect((await call('authenticate', { message, signature, message_type: 'transaction' })).status).toBe(200)
  })

  it('rejects a memo that differs from the message, or a message only in a non-memo instruction', async () => {
    const wallet = newWallet()
    const message = messageFor(wallet, await nonceFor(wallet.address))
    expectRejected(
      await call('authenticate', { message, message_type: 'transaction', signature: signedMemoTransaction({ memo: `${message} `, signers: [wallet] }) }),
    )
    expectRejected(
      await call('authenticate', {
        message,
        message_type: 'transaction',
        signature: signedMemoTransaction({ memo: message, signers: [wallet], memoProgram: COMPUTE_BUDGET }),
      }),
    )
  })

  it('rejects a transaction signed by another key, one the address does not sign, and a tampered one', async () => {
    const [wallet, thief] = [newWallet(), newWallet()]
    const message = messageFor(wallet, await nonceFor(wallet.address))
    const asTransaction = (signature: string) => call('authenticate', { message, signature, message_type: 'transaction' })
    expectRejected(await asTransaction(signedMemoTransaction({ memo: message, signers: [wallet] }, [thief])))
    expectRejected(await asTransaction(signedMemoTransaction({ memo: message, signers: [thief] })))
    const bytes = Buffer.from(signedMemoTransaction({ memo: message, signers: [wallet] }), 'base64')
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 1) ^ 1, bytes.length - 1)
    expectRejected(await asTransaction(bytes.toString('base64')))
    expectRejected(await asTransaction(bytes.subarray(0, bytes.length - 3).toString('base64')))
    expectRejected(await asTransaction(Buffer.concat([bytes, Buffer.from([0])]).toString('base64')))
    // The nonce was never spent by the failures: the real transaction still signs in.
    expect((await asTransaction(signedMemoTransaction({ memo: message, signers: [wallet] }))).status).toBe(200)
  })

  it('rejects a memo transaction whose memo is a message for another domain', async () => {
    const wallet = newWallet()
    const message = messageFor(wallet, await nonceFor(wallet.address), { domain: 'evil.example' })
    expectRejected(await call('authenticate', { message, message_type: 'transaction', signature: signedMemoTransaction({ memo: message, signers: [wallet] }) }))
  })
})

describe('SIWS link and unlink', () => {
  it('links a Solana wallet to a signed-in user, refuses it to another, and unlinks it', async () => {
    const login = await t.login(`siws-${crypto.randomUUID()}@example.com`)
    const token = login.body.token as string
    const wallet = newWallet()
    const linked = await call('link', await signedBody(wallet), { token })
    expect(linked.status).toBe(200)
    expect(linked.body.linked_accounts).toContainEqual(expect.objectContaining({ type: 'wallet', chain_type: 'solana', address: wallet.address }))
    const otherToken = (await t.login(`siws-${crypto.randomUUID()}@example.com`)).body.token as string
    const taken = await call('link', await signedBody(wallet), { token: otherToken })
    expect(taken.status).toBe(400)
    expect(taken.body.code).toBe('account_transfer_required')
    const unlinked = await call('unlink', { address: wallet.address }, { token })
    expect(unlinked.status).toBe(200)
    expect(unlinked.body.linked_accounts.map((account: { type: string }) => account.type)).toEqual(['email'])
  })

  it('transfers a Solana wallet another user holds with the offered nonce, once', async () => {
    const wallet = newWallet()
    const holder = (await call('authenticate', await signedBody(wallet))).body
    const token = (await t.login(`siws-${crypto.randomUUID()}@example.com`)).body.token as string
    const offer = await call('link', await signedBody(wallet), { token })
    expect(offer.body.code).toBe('account_transfer_required')
    expect(offer.body.data.account.displayName).toBe(wallet.address)
    const transferred = await call('transfer', { nonce: offer.body.data.nonce, address: wallet.address }, { token })
    expect(transferred.status).toBe(200)
    expect(transferred.body.linked_accounts).toContainEqual(expect.objectContaining({ type: 'wallet', chain_type: 'solana', address: wallet.address }))
    expect(await t.db.query('SELECT id FROM users WHERE id = $1', [holder.user.id])).toEqual([])
    expectRejected(await call('transfer', { nonce: offer.body.data.nonce }, { token }))
    expect((await call('transfer', { nonce: offer.body.data.nonce })).status).toBe(401)
  })
})
