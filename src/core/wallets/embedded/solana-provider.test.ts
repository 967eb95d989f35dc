import { ed25519 } from '@noble/curves/ed25519.js'
import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey, SystemProgram, Transaction, TransactionMessage, VersionedTransaction } from '@solana/web3.js'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { startSolanaLocalnet, type SolanaLocalnet } from '../../../../server/src/test-support/litesvm-rpc.js'
import { getSplTokenInfo } from '../../api/spl-token-info.js'
import { getTokenPriceUsd } from '../../api/token-price.js'
import { createTransport } from '../../api/transport.js'
import { startFakeApi, type FakeApi } from '../../test-support/api-server.js'
import { TEST_APP_ID } from '../../test-support/fixtures.js'
import { createConfirmationQueue } from '../../transactions/confirmation-queue.js'
import {
  initializeAccount3,
  setUpToken,
  TOKEN_ACCOUNT_SIZE,
  TOKEN_PROGRAM_ID,
  transferChecked,
} from '../../transactions/solana/test-support/spl-instructions.js'
import type { SignMessageConfirmation, SolanaTransactionConfirmation } from '../../transactions/types.js'
import { createStore } from '../../utils/store.js'
import { createEmbeddedSolanaProvider } from './solana-provider.js'
import { embeddedStateWhere, startEmbeddedTestbed, type EmbeddedTestbed } from './test-support/embedded-client.js'
import type { EmbeddedWalletsState } from './types.js'

let localnet: SolanaLocalnet
let testbed: EmbeddedTestbed
beforeAll(async () => {
  localnet = await startSolanaLocalnet({ slotMs: 50 })
})
afterAll(async () => {
  await localnet.close()
})
afterEach(async () => {
  await testbed?.close()
})

/** A signed-in user whose Solana wallet was created on login, on an app whose devnet is the local endpoint. */
async function signedInWithSolanaWallet() {
  testbed = await startEmbeddedTestbed({
    embedded: { solana: { create_on_login: 'all-users' } },
    config: { solana_clusters: [{ name: 'devnet', rpc_url: localnet.rpcUrl, block_explorer_url: null }] },
  })
  const client = testbed.newClient()
  await testbed.login(client)
  const { wallets } = await embeddedStateWhere(client, (state) => state.status === 'ready')
  const address = wallets[0]!.address
  localnet.airdrop(address, 2n * BigInt(LAMPORTS_PER_SOL))
  return { client, address, provider: await client.embeddedWallets.getSolanaProvider() }
}

describe('the embedded Solana provider', () => {
  it('signs message bytes with the wallet key, and refuses an empty message', async () => {
    const { provider, address } = await signedInWithSolanaWallet()
    const message = new TextEncoder().encode('hello solana')
    const { signature } = await provider.signMessage(message)
    expect(ed25519.verify(signature, message, new PublicKey(address).toBytes())).toBe(true)
    await expect(provider.signMessage(new Uint8Array())).rejects.toMatchObject({ code: 'invalid_message' })
  })

  it('signs and sends a legacy transfer through the cluster RPC, confirmed by polling', async () => {
    const { provider, address } = await signedInWithSolanaWallet()
    const to = Keypair.generate().publicKey
    const transaction = new Transaction().add(SystemProgram.transfer({ fromPubkey: new PublicKey(address), toPubkey: to, lamports: 1_000_000 }))
    const { signature } = await provider.signAndSendTransaction(transaction)
    const connection = new Connection(localnet.rpcUrl, 'confirmed')
    expect((await connection.getSignatureStatuses([signature])).value[0]).toMatchObject({ err: null })
    expect(await connection.getBalance(to)).toBe(1_000_000)
  })

  it('signs and sends once per idempotency key: a retry answers the first signature, another message with it is refused (docs/security.md #60)', async () => {
    const { provider, address } = await signedInWithSolanaWallet()
    const to = Keypair.generate().publicKey
    const transfer = (lamports: number) => new Transaction().add(SystemProgram.transfer({ fromPubkey: new PublicKey(address), toPubkey: to, lamports }))
    const first = await provider.signAndSendTransaction(transfer(1_000_000), { idempotencyKey: 'refund-3' })
    const again = await provider.signAndSendTransaction(transfer(1_000_000), { idempotencyKey: 'refund-3' })
    expect(again.signature).toBe(first.signature)
    await expect(provider.signAndSendTransaction(transfer(1_000_001), { idempotencyKey: 'refund-3' })).rejects.toMatchObject({ code: 'invalid_data' })
    expect(await new Connection(localnet.rpcUrl, 'confirmed').getBalance(to)).toBe(1_000_000)
  })

  it('signs a versioned transaction in its signer slot', async () => {
    const { provider, address } = await signedInWithSolanaWallet()
    const connection = new Connection(localnet.rpcUrl, 'confirmed')
    const to = Keypair.generate().publicKey
    const message = new TransactionMessage({
      payerKey: new PublicKey(address),
      recentBlockhash: (await connection.getLatestBlockhash()).blockhash,
      instructions: [SystemProgram.transfer({ fromPubkey: new PublicKey(address), toPubkey: to, lamports: 2_000_000 })],
    }).compileToV0Message()
    const signed = await provider.signTransaction(new VersionedTransaction(message))
    expect(ed25519.verify(signed.signatures[0]!, message.serialize(), new PublicKey(address).toBytes())).toBe(true)
    const { signature } = await provider.signAndSendTransaction(signed)
    expect((await connection.getSignatureStatuses([signature])).value[0]).toMatchObject({ err: null })
    expect(await connection.getBalance(to)).toBe(2_000_000)
  })

  it("signs a transaction made by the host page's own copy of @solana/web3.js (not this bundle's classes)", async () => {
    const { provider, address } = await signedInWithSolanaWallet()
    const connection = new Connection(localnet.rpcUrl, 'confirmed')
    const to = Keypair.generate().publicKey
    const transaction = new Transaction({ feePayer: new PublicKey(address), ...(await connection.getLatestBlockhash()) }).add(
      SystemProgram.transfer({ fromPubkey: new PublicKey(address), toPubkey: to, lamports: 3_000_000 }),
    )
    // Another copy's instance: the same shape, but not of this bundle's class.
    const foreign = new Proxy(transaction, { getPrototypeOf: () => Object.prototype })
    expect(foreign instanceof Transaction).toBe(false)
    const signed = await provider.signTransaction(foreign)
    expect(ed25519.verify(signed.signatures[0]!.signature!, signed.serializeMessage(), new PublicKey(address).toBytes())).toBe(true)
    await connection.sendRawTransaction(signed.serialize())
  })
})

describe('the embedded Solana provider with wallet UIs', () => {
  let api: FakeApi
  afterEach(async () => {
    await api?.close()
    vi.restoreAllMocks()
  })

  /**
   * The signed-in wallet's provider over a confirmation queue that a UI shows; the frame signs as in the headless
   * provider, and the API answers the SOL price and SPL token details (or fails, with `failingApi`).
   */
  async function withWalletUis(options: { failingApi?: boolean } = {}) {
    const signedIn = await signedInWithSolanaWallet()
    api = await startFakeApi((request) => {
      if (options.failingApi) return { status: 500, body: { error: 'down' } }
      if (request.path.startsWith('/api/v1/token_price?')) return { body: { usd: 150 } }
      if (request.path.startsWith('/api/v1/spl_token_info?')) return { body: { symbol: 'USDC', decimals: 6 } }
      return { status: 404, body: {} }
    })
    const state = createStore<EmbeddedWalletsState>({ status: 'ready', wallets: [], creating: null, error: null })
    const queue = createConfirmationQueue({ state, showWalletUIs: () => true, announce: () => true, successDisplayMs: 10 })
    const transport = createTransport({ apiUrl: api.url, appId: TEST_APP_ID, retryDelay: () => 1 })
    const provider = createEmbeddedSolanaProvider({
      address: signedIn.address,
      clusters: [{ name: 'devnet', rpcUrl: localnet.rpcUrl, blockExplorerUrl: null }],
      // The frame path of the client's own provider: the wallet frame signs the bytes (nothing here is sponsored).
      sign: async (request) => {
        if (request.method !== 'signMessage') throw new Error(`Unexpected ${request.method}`)
        return Buffer.from((await signedIn.provider.signMessage(Buffer.from(request.params.message, 'base64'))).signature).toString('base64')
      },
      confirmations: queue,
      // The client's API calls, over HTTP to the fake API.
      tokenPriceUsd: (chainId, symbol) => getTokenPriceUsd(transport, chainId, symbol),
      splTokenInfo: (mint, cluster) => getSplTokenInfo(transport, mint, cluster),
      confirmPollMs: 20,
    })
    const until = <C>(predicate: (confirmation: C) => boolean) =>
      new Promise<C>((resolve) => {
        const check = () => {
          const confirmation = state.get().confirmations?.[0] as C | undefined
          if (confirmation && predicate(confirmation)) {
            stop()
            resolve(confirmation)
          }
        }
        const stop = state.watch(check)
        check()
      })
    return { ...signedIn, provider, state, until }
  }

  it('asks before signing a message (sign-message, solana, signMessage) and refuses an empty one before asking', async () => {
    const { provider, address, state, until } = await withWalletUis()
    await expect(provider.signMessage('')).rejects.toMatchObject({ code: 'invalid_message', shortMessage: 'Message must be a non-empty string' })
    expect(state.get().confirmations ?? []).toEqual([])
    const signing = provider.signMessage('Sign in to the app', { uiOptions: { title: 'Sign this' } })
    const confirmation = await until<SignMessageConfirmation>((entry) => entry.status === 'ready')
    expect(confirmation).toMatchObject({
      kind: 'sign-message',
      chainType: 'solana',
      method: 'signMessage',
      message: 'Sign in to the app',
      address,
      uiOptions: { title: 'Sign this' },
    })
    confirmation.approve()
    const { signature } = await signing
    expect(ed25519.verify(signature, new TextEncoder().encode('Sign in to the app'), new PublicKey(address).toBytes())).toBe(true)
  })

  it('rejects a message the user declines with 4001', async () => {
    const { provider, until } = await withWalletUis()
    const signing = provider.signMessage(new TextEncoder().encode('no thanks'))
    ;(await until<SignMessageConfirmation>((entry) => entry.status === 'ready')).reject()
    await expect(signing).rejects.toMatchObject({ code: 4001, message: 'The user rejected the request.' })
  })

  it('confirms a new token account and an SPL transfer to it (symbol from the API, USD of SOL from the price), resolving once landed', async () => {
    const { provider, address, until } = await withWalletUis()
    const connection = new Connection(localnet.rpcUrl, 'confirmed')
    const funder = Keypair.generate()
    localnet.airdrop(funder.publicKey.toBase58(), BigInt(LAMPORTS_PER_SOL))
    const wallet = new PublicKey(address)
    const { mint, account } = await setUpToken(connection, funder, { decimals: 6, owner: wallet, amount: 5_000_000n })
    const destination = Keypair.generate()
    const rent = await connection.getMinimumBalanceForRentExemption(TOKEN_ACCOUNT_SIZE)
    const transaction = new Transaction({ feePayer: wallet, ...(await connection.getLatestBlockhash()) }).add(
      SystemProgram.createAccount({
        fromPubkey: wallet,
        newAccountPubkey: destination.publicKey,
        lamports: rent,
        space: TOKEN_ACCOUNT_SIZE,
        programId: TOKEN_PROGRAM_ID,
      }),
      initializeAccount3(destination.publicKey, mint, funder.publicKey),
      transferChecked(account, mint, destination.publicKey, wallet, 1_500_000n, 6),
    )
    // The new account signs first; the wallet's slot is the frame's.
    transaction.partialSign(destination)
    const sending = provider.signAndSendTransaction(transaction, { uiOptions: { buttonText: 'Pay' } })
    const ready = await until<SolanaTransactionConfirmation>((entry) => entry.status !== 'preparing')
    expect(ready).toMatchObject({ kind: 'solana-transaction', status: 'ready', signOnly: false, cluster: { name: 'devnet' }, uiOptions: { buttonText: 'Pay' } })
    const { summary } = ready
    expect(summary!.instructions.map(({ type }) => type)).toEqual(['create-account', 'spl-init-account', 'spl-transfer'])
    expect(summary).toMatchObject({
      amount: { value: 1_500_000n, decimals: 6, symbol: 'USDC', usd: null },
      // Two signatures.
      estimatedFee: { value: 10_000n, symbol: 'SOL' },
      balance: { value: 2_000_000_000n, usd: 300 },
      insufficientFunds: false,
      to: destination.publicKey.toBase58(),
    })
    expect(summary!.estimatedFee.usd).toBeCloseTo(0.0015, 10)
    ready.approve()
    const done = await until<SolanaTransactionConfirmation>((entry) => entry.status === 'complete' || entry.status === 'error')
    expect(done.error).toBeNull()
    const { signature } = await sending
    expect(done.receipt).toEqual({ signature, explorerUrl: null })
    expect((await connection.getTokenAccountBalance(destination.publicKey)).value.amount).toBe('1500000')
  })

  it('logs and swallows failed price and token lookups: no USD, the shortened mint as symbol', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const { provider, address, until } = await withWalletUis({ failingApi: true })
    const connection = new Connection(localnet.rpcUrl, 'confirmed')
    const funder = Keypair.generate()
    localnet.airdrop(funder.publicKey.toBase58(), BigInt(LAMPORTS_PER_SOL))
    const { mint, account } = await setUpToken(connection, funder, { decimals: 2, owner: new PublicKey(address), amount: 100n })
    void provider
      .signTransaction(new Transaction().add(transferChecked(account, mint, funder.publicKey, new PublicKey(address), 10n, 2)))
      .catch(() => undefined)
    const { summary } = await until<SolanaTransactionConfirmation>((entry) => entry.status === 'ready')
    expect(summary!.amount).toEqual({ value: 10n, decimals: 2, symbol: `${mint.toBase58().slice(0, 5)}…${mint.toBase58().slice(-4)}`, usd: null })
    expect(summary!.balance.usd).toBeNull()
    expect(warn.mock.calls.map(([message]) => message)).toEqual(
      expect.arrayContaining(['[tessera] Unable to fetch SOL price', `[tessera] Unable to fetch token details of ${mint.toBase58()}`]),
    )
  })

  it('fails a transaction the user rejects with transaction_failure, and one without the wallet before asking', async () => {
    const { provider, address, state, until } = await withWalletUis()
    const stranger = Keypair.generate().publicKey
    const foreign = new Transaction({ feePayer: stranger }).add(
      SystemProgram.transfer({ fromPubkey: stranger, toPubkey: Keypair.generate().publicKey, lamports: 1 }),
    )
    await expect(provider.signAndSendTransaction(foreign)).rejects.toMatchObject({
      code: 'unable_to_sign',
      shortMessage: `The transaction does not contain the wallet's public key ${address}`,
    })
    expect(state.get().confirmations ?? []).toEqual([])
    const sending = provider.signAndSendTransaction(
      new Transaction().add(SystemProgram.transfer({ fromPubkey: new PublicKey(address), toPubkey: stranger, lamports: 1_000_000 })),
    )
    ;(await until<SolanaTransactionConfirmation>((entry) => entry.status === 'ready')).reject()
    await expect(sending).rejects.toMatchObject({ code: 'transaction_failure', shortMessage: 'Transaction was rejected by the user' })
  })

  it('retries a versioned transaction whose blockhash expired with a fresh one, signed again in the frame', async () => {
    const { provider, address, until } = await withWalletUis()
    const connection = new Connection(localnet.rpcUrl, 'confirmed')
    const to = Keypair.generate().publicKey
    const stale = (await connection.getLatestBlockhash()).blockhash
    const transaction = new VersionedTransaction(
      new TransactionMessage({
        payerKey: new PublicKey(address),
        recentBlockhash: stale,
        instructions: [SystemProgram.transfer({ fromPubkey: new PublicKey(address), toPubkey: to, lamports: 2_500_000 })],
      }).compileToV0Message(),
    )
    localnet.advanceBlocks(200)
    const sending = provider.signAndSendTransaction(transaction)
    ;(await until<SolanaTransactionConfirmation>((entry) => entry.status === 'ready')).approve()
    const failed = await until<SolanaTransactionConfirmation>((entry) => entry.status === 'error')
    expect(failed.error).toMatchObject({ shortMessage: 'Simulation failed: Blockhash not found' })
    failed.retry()
    const { signature } = await sending
    expect(transaction.message.recentBlockhash).not.toBe(stale)
    expect(ed25519.verify(transaction.signatures[0]!, transaction.message.serialize(), new PublicKey(address).toBytes())).toBe(true)
    expect((await until<SolanaTransactionConfirmation>((entry) => entry.status === 'complete')).receipt?.signature).toBe(signature)
    expect(await connection.getBalance(to)).toBe(2_500_000)
  })

  it('signs headless when the call turns wallet UIs off', async () => {
    const { provider, address, state } = await withWalletUis()
    const to = Keypair.generate().publicKey
    const { signature } = await provider.signAndSendTransaction(
      new Transaction().add(SystemProgram.transfer({ fromPubkey: new PublicKey(address), toPubkey: to, lamports: 1_000_000 })),
      { uiOptions: { showWalletUIs: false } },
    )
    expect(state.get().confirmations ?? []).toEqual([])
    expect(signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
    expect(await new Connection(localnet.rpcUrl, 'confirmed').getBalance(to)).toBe(1_000_000)
  })
})
