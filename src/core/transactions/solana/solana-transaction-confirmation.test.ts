import { Connection, Keypair, LAMPORTS_PER_SOL, SystemProgram, Transaction, type TransactionInstruction } from '@solana/web3.js'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { startSolanaLocalnet, type SolanaLocalnet } from '../../../../server/src/test-support/litesvm-rpc.js'
import { TesseraError } from '../../errors/base-error.js'
import { createStore } from '../../utils/store.js'
import type { FundWalletInput } from '../../funding/types.js'
import type { EmbeddedWalletsState } from '../../wallets/embedded/types.js'
import { createConfirmationQueue } from '../confirmation-queue.js'
import type { SolanaTransactionConfirmation } from '../types.js'
import { solanaTransactionConfirmation } from './solana-transaction-confirmation.js'
import { createSendLedger, type SendLedger } from '../send-once.js'
import { appPaysSolanaFees } from './test-support/app-fee-payer.js'
import { setUpToken, transfer } from './test-support/spl-instructions.js'
import { raydiumSwap } from './test-support/swap-instructions.js'

let localnet: SolanaLocalnet
let connection: Connection
beforeAll(async () => {
  localnet = await startSolanaLocalnet({ slotMs: 50 })
  connection = new Connection(localnet.rpcUrl, 'confirmed')
})
afterAll(async () => {
  await localnet.close()
})

const cluster = () => ({ name: 'devnet' as const, rpcUrl: localnet.rpcUrl, blockExplorerUrl: 'https://explorer.solana.com?cluster=devnet' })

function fundedWallet(lamports = 2n * BigInt(LAMPORTS_PER_SOL)) {
  const wallet = Keypair.generate()
  localnet.airdrop(wallet.publicKey.toBase58(), lamports)
  return wallet
}

/**
 * A queue shown by a UI, and one transaction in it from `wallet` (signed by its keypair where the frame would sign);
 * `until` waits for the confirmation to reach a state.
 */
async function confirm(
  wallet: Keypair,
  instructions: TransactionInstruction[],
  options: {
    signOnly?: boolean
    solUsd?: number
    transaction?: Transaction
    sponsor?: ReturnType<typeof appPaysSolanaFees>
    idempotency?: { key: string; ledger: SendLedger }
  } = {},
) {
  const state = createStore<EmbeddedWalletsState>({ status: 'ready', wallets: [], creating: null, error: null })
  const funding: FundWalletInput[] = []
  const queue = createConfirmationQueue({
    state,
    showWalletUIs: () => true,
    announce: () => true,
    successDisplayMs: 10,
    fundWallet: async (input) => funding.push(input),
  })
  const transaction = options.transaction ?? new Transaction({ feePayer: wallet.publicKey }).add(...instructions)
  const signings: string[] = []
  const outcome = queue.enqueue(
    solanaTransactionConfirmation({
      transaction,
      signOnly: options.signOnly ?? false,
      uiOptions: {},
      address: wallet.publicKey.toBase58(),
      cluster: cluster(),
      connection,
      splTokenInfo: async () => ({ symbol: 'TKN', decimals: 3 }),
      solUsd: async () => options.solUsd ?? null,
      signTransaction: async (unsigned) => {
        signings.push(unsigned.recentBlockhash!)
        unsigned.partialSign(wallet)
        return unsigned
      },
      confirmPollMs: 20,
      // The wallet API's send, with the wallet's key as the server holds it.
      ...(options.sponsor && { sponsoredSend: (request) => options.sponsor!.send({ transaction: request.params.transaction, caip2: request.caip2, wallet }) }),
      ...(options.idempotency && { idempotency: options.idempotency }),
    }),
  )
  outcome.catch(() => undefined)
  const current = () => state.get().confirmations![0] as SolanaTransactionConfirmation
  const until = (predicate: (confirmation: SolanaTransactionConfirmation) => boolean) =>
    new Promise<SolanaTransactionConfirmation>((resolve) => {
      const check = () => {
        const confirmation = state.get().confirmations?.[0] as SolanaTransactionConfirmation | undefined
        if (confirmation && predicate(confirmation)) {
          stop()
          resolve(confirmation)
        }
      }
      const stop = state.watch(check)
      check()
    })
  return { outcome, current, until, transaction, signings, state, funding }
}

describe('the Solana transaction confirmation', () => {
  it('summarises a SOL transfer: amount, fee from the RPC, balance, network, destination, with USD', async () => {
    const wallet = fundedWallet()
    const to = Keypair.generate().publicKey
    const { until } = await confirm(wallet, [SystemProgram.transfer({ fromPubkey: wallet.publicKey, toPubkey: to, lamports: LAMPORTS_PER_SOL / 2 })], {
      solUsd: 200,
    })
    const { summary, status } = await until((confirmation) => confirmation.status !== 'preparing')
    expect(status).toBe('ready')
    expect(summary).toEqual({
      instructions: [
        { type: 'sol-transfer', from: wallet.publicKey.toBase58(), to: to.toBase58(), amount: { value: 500_000_000n, decimals: 9, symbol: 'SOL', usd: 100 } },
      ],
      amount: { value: 500_000_000n, decimals: 9, symbol: 'SOL', usd: 100 },
      network: 'devnet',
      estimatedFee: { value: 5000n, decimals: 9, symbol: 'SOL', usd: 0.001 },
      sponsored: false,
      balance: { value: 2_000_000_000n, decimals: 9, symbol: 'SOL', usd: 400 },
      insufficientFunds: false,
      to: to.toBase58(),
    })
  })

  it("summarises an SPL transfer in the token's units, with the mint's decimals from the chain", async () => {
    const wallet = fundedWallet()
    const { account } = await setUpToken(connection, fundedWallet(), { decimals: 6, owner: wallet.publicKey, amount: 9_000_000n })
    const destination = Keypair.generate().publicKey
    const { until } = await confirm(wallet, [transfer(account, destination, wallet.publicKey, 1_250_000n)])
    const { summary } = await until((confirmation) => confirmation.status === 'ready')
    // The chain's 6 decimals win over the API's 3; the symbol is the API's.
    expect(summary!.amount).toEqual({ value: 1_250_000n, decimals: 6, symbol: 'TKN', usd: null })
    expect(summary!.to).toBe(destination.toBase58())
    expect(summary!.insufficientFunds).toBe(false)
  })

  it("summarises the wallet's swap as what goes in and what comes out; another signer's swap is only an instruction", async () => {
    const wallet = fundedWallet()
    const payer = fundedWallet()
    const [{ account: source }, { account: destination }] = [
      await setUpToken(connection, payer, { decimals: 6, owner: wallet.publicKey, amount: 9_000_000n }),
      await setUpToken(connection, payer, { decimals: 2, owner: wallet.publicKey, amount: 0n }),
    ]
    const own = await confirm(wallet, [raydiumSwap('base-in', { source, destination, owner: wallet.publicKey }, 1_500_000n, 4_200n)])
    const { summary } = await own.until((confirmation) => confirmation.status === 'ready')
    expect(summary!.swap).toEqual({
      in: { value: 1_500_000n, decimals: 6, symbol: 'TKN', usd: null },
      out: { value: 4_200n, decimals: 2, symbol: 'TKN', usd: null },
    })
    expect(summary!.amount).toBeUndefined()

    const other = Keypair.generate().publicKey
    const theirs = await confirm(wallet, [raydiumSwap('base-in', { source, destination, owner: other }, 1n, 2n)])
    const { summary: theirSummary } = await theirs.until((confirmation) => confirmation.status === 'ready')
    expect(theirSummary!.instructions[0]).toMatchObject({ type: 'raydium-swap', authority: other.toBase58() })
    expect(theirSummary!.swap).toBeUndefined()
  })

  it("flags a transfer above the balance (SOL out plus fee) and refuses approval with the spec's copy", async () => {
    const wallet = fundedWallet(1_000_000n)
    const { until, current, signings } = await confirm(wallet, [
      SystemProgram.transfer({ fromPubkey: wallet.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 996_000 }),
    ])
    const ready = await until((confirmation) => confirmation.status === 'ready')
    // 996,000 + 5,000 fee > 1,000,000.
    expect(ready.summary!.insufficientFunds).toBe(true)
    ready.approve()
    await until((confirmation) => confirmation.error !== null)
    expect(current()).toMatchObject({
      status: 'ready',
      error: { code: 'insufficient_balance', shortMessage: 'Solana wallet has insufficient funds for this transaction.' },
    })
    expect(signings).toEqual([])
  })

  it('submits on approval and completes with a receipt (signature and explorer link); the call resolves with the signature', async () => {
    const wallet = fundedWallet()
    const to = Keypair.generate().publicKey
    const { until, outcome } = await confirm(wallet, [SystemProgram.transfer({ fromPubkey: wallet.publicKey, toPubkey: to, lamports: 3_000_000 })])
    ;(await until((confirmation) => confirmation.status === 'ready')).approve()
    const { receipt } = await until((confirmation) => confirmation.status === 'complete')
    const { signature } = await outcome
    expect(receipt).toEqual({ signature, explorerUrl: `https://explorer.solana.com/tx/${signature}?cluster=devnet` })
    expect((await connection.getSignatureStatuses([signature!])).value[0]).toMatchObject({ err: null })
    expect(await connection.getBalance(to)).toBe(3_000_000)
  })

  it('fails with "Simulation failed: Blockhash not found" once the blockhash expired, and retry() sends with a fresh one', async () => {
    const wallet = fundedWallet()
    const to = Keypair.generate().publicKey
    const { until, outcome, signings, transaction } = await confirm(wallet, [
      SystemProgram.transfer({ fromPubkey: wallet.publicKey, toPubkey: to, lamports: 4_000_000 }),
    ])
    const ready = await until((confirmation) => confirmation.status === 'ready')
    const expired = transaction.recentBlockhash
    localnet.advanceBlocks(200)
    ready.approve()
    const failed = await until((confirmation) => confirmation.status === 'error')
    expect(failed.error).toMatchObject({ code: 'transaction_failure', shortMessage: 'Simulation failed: Blockhash not found' })
    failed.retry()
    await until((confirmation) => confirmation.status === 'complete')
    const { signature } = await outcome
    expect(signings).toEqual([expired, transaction.recentBlockhash])
    expect(transaction.recentBlockhash).not.toBe(expired)
    expect((await connection.getSignatureStatuses([signature!])).value[0]).toMatchObject({ err: null })
    expect(await connection.getBalance(to)).toBe(4_000_000)
  })

  it('in sign-only mode completes with the signed transaction and sends nothing', async () => {
    const wallet = fundedWallet()
    const to = Keypair.generate().publicKey
    const { until, outcome } = await confirm(wallet, [SystemProgram.transfer({ fromPubkey: wallet.publicKey, toPubkey: to, lamports: 1_000 })], {
      signOnly: true,
    })
    ;(await until((confirmation) => confirmation.status === 'ready')).approve()
    const { transaction, signature } = await outcome
    expect(signature).toBeNull()
    expect(transaction.verifySignatures()).toBe(true)
    expect(await connection.getBalance(to)).toBe(0)
  })

  it('rejects the call with 4001 when the user rejects, and with the error when they close the error screen', async () => {
    const wallet = fundedWallet()
    const first = await confirm(wallet, [SystemProgram.transfer({ fromPubkey: wallet.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 1_000 })])
    ;(await first.until((confirmation) => confirmation.status === 'ready')).reject()
    await expect(first.outcome).rejects.toMatchObject({ code: 4001, message: 'The user rejected the request.' })
    expect(first.state.get().confirmations).toEqual([])

    // A transaction the cluster's preflight refuses: 1 lamport leaves a new account below the rent minimum.
    const second = await confirm(wallet, [SystemProgram.transfer({ fromPubkey: wallet.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 1 })])
    ;(await second.until((confirmation) => confirmation.status === 'ready')).approve()
    const failed = await second.until((confirmation) => confirmation.status === 'error')
    expect(failed.error).toMatchObject({
      code: 'transaction_failure',
      shortMessage: 'Simulation failed',
      details: expect.stringContaining('insufficient funds for rent'),
    })
    failed.reject()
    await expect(second.outcome).rejects.toBe(failed.error)
    expect(second.state.get().confirmations).toEqual([])
  })

  it('gives a legacy transaction without a blockhash the latest one', async () => {
    const wallet = fundedWallet()
    const { until, transaction } = await confirm(wallet, [
      SystemProgram.transfer({ fromPubkey: wallet.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 1_000 }),
    ])
    expect(transaction.recentBlockhash).toBeUndefined()
    await until((confirmation) => confirmation.status === 'ready')
    expect(await connection.isBlockhashValid(transaction.recentBlockhash!)).toMatchObject({ value: true })
  })
})

describe('a sponsored Solana transaction (the app pays the fee)', () => {
  afterEach(() => vi.restoreAllMocks())

  /** The app's fee payer, funded on the local cluster. */
  function appFeePayer() {
    const fees = appPaysSolanaFees(localnet.rpcUrl)
    localnet.airdrop(fees.feePayer.publicKey.toBase58(), BigInt(LAMPORTS_PER_SOL))
    return fees
  }

  it("does not count the fee: a wallet holding exactly what it sends may approve; short only when the lamports out exceed the balance, and 'Add funds' asks for them alone", async () => {
    const wallet = fundedWallet(10_000_000n)
    const sendAll = await confirm(
      wallet,
      [SystemProgram.transfer({ fromPubkey: wallet.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 10_000_000 })],
      { sponsor: appFeePayer() },
    )
    const { summary } = await sendAll.until((confirmation) => confirmation.status === 'ready')
    expect(summary).toMatchObject({ sponsored: true, insufficientFunds: false, estimatedFee: { value: 5000n }, balance: { value: 10_000_000n } })

    const sendMore = await confirm(
      wallet,
      [SystemProgram.transfer({ fromPubkey: wallet.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 11_000_000 })],
      { sponsor: appFeePayer() },
    )
    const short = await sendMore.until((confirmation) => confirmation.status === 'ready')
    expect(short.summary).toMatchObject({ sponsored: true, insufficientFunds: true })
    short.addFunds()
    // 0.001 SOL short; with the fee it would be 0.00101.
    expect(sendMore.funding).toEqual([expect.objectContaining({ address: wallet.publicKey.toBase58(), chainType: 'solana', amount: '0.001' })])
  })

  it('on approval asks the wallet API to send the unsigned transaction (no signing, no broadcast here), polls until confirmed, completes with the receipt', async () => {
    const wallet = fundedWallet(10_000_000n)
    const to = Keypair.generate().publicKey
    const fees = appFeePayer()
    const broadcast = vi.spyOn(connection, 'sendRawTransaction')
    const polled = vi.spyOn(connection, 'getSignatureStatuses')
    const { until, outcome, signings, transaction } = await confirm(
      wallet,
      [SystemProgram.transfer({ fromPubkey: wallet.publicKey, toPubkey: to, lamports: 10_000_000 })],
      { sponsor: fees },
    )
    ;(await until((confirmation) => confirmation.status === 'ready')).approve()
    const { receipt } = await until((confirmation) => confirmation.status === 'complete')
    const sent = await outcome
    expect(sent.transaction).toBe(transaction)
    expect(receipt).toEqual({ signature: sent.signature, explorerUrl: `https://explorer.solana.com/tx/${sent.signature}?cluster=devnet` })
    expect(signings).toEqual([])
    expect(broadcast).not.toHaveBeenCalled()
    expect(polled).toHaveBeenCalledWith([sent.signature])
    // What the wallet API got: the wallet as fee payer, no signature, on the cluster's caip2.
    expect(fees.asked).toHaveLength(1)
    expect(fees.asked[0]!.caip2).toBe('solana:devnet')
    const asked = Transaction.from(Buffer.from(fees.asked[0]!.transaction, 'base64'))
    expect(asked.feePayer?.toBase58()).toBe(wallet.publicKey.toBase58())
    expect(asked.signatures.every(({ signature }) => signature === null)).toBe(true)
    // The wallet sent everything it had: the app's fee payer paid the fee.
    expect(await connection.getBalance(to)).toBe(10_000_000)
    expect(await connection.getBalance(wallet.publicKey)).toBe(0)
    expect(await connection.getBalance(fees.feePayer.publicKey)).toBe(LAMPORTS_PER_SOL - 10_000)
  })

  it("shows the wallet API's refusal with its code and copy, and retry() sends again with a fresh blockhash", async () => {
    const wallet = fundedWallet()
    const to = Keypair.generate().publicKey
    const fees = appFeePayer()
    const refusal = new TesseraError({ code: 'policy_violation', shortMessage: 'Solana sponsorship is not enabled for this cluster' })
    let refuse = true
    const sponsor = { ...fees, send: (asked: Parameters<typeof fees.send>[0]) => (refuse ? Promise.reject(refusal) : fees.send(asked)) }
    const { until, outcome, transaction } = await confirm(
      wallet,
      [SystemProgram.transfer({ fromPubkey: wallet.publicKey, toPubkey: to, lamports: 3_000_000 })],
      { sponsor },
    )
    ;(await until((confirmation) => confirmation.status === 'ready')).approve()
    const failed = await until((confirmation) => confirmation.status === 'error')
    expect(failed.error).toBe(refusal)
    const before = transaction.recentBlockhash
    localnet.advanceBlocks(1)
    refuse = false
    failed.retry()
    await until((confirmation) => confirmation.status === 'complete')
    expect(transaction.recentBlockhash).not.toBe(before)
    expect((await connection.getSignatureStatuses([(await outcome).signature!])).value[0]).toMatchObject({ err: null })
    expect(await connection.getBalance(to)).toBe(3_000_000)
  })

  it('under an idempotency key asks the wallet API once: a second call with the key answers the first signature', async () => {
    const wallet = fundedWallet()
    const to = Keypair.generate().publicKey
    const fees = appFeePayer()
    const idempotency = { key: 'payout-9', ledger: createSendLedger() }
    const instruction = () => SystemProgram.transfer({ fromPubkey: wallet.publicKey, toPubkey: to, lamports: 2_000_000 })
    const first = await confirm(wallet, [instruction()], { sponsor: fees, idempotency })
    ;(await first.until((confirmation) => confirmation.status === 'ready')).approve()
    const { signature } = await first.outcome
    const second = await confirm(wallet, [instruction()], { sponsor: fees, idempotency })
    ;(await second.until((confirmation) => confirmation.status === 'ready')).approve()
    expect((await second.outcome).signature).toBe(signature)
    expect(fees.asked).toHaveLength(1)
    expect(await connection.getBalance(to)).toBe(2_000_000)
  })
})
