import { Connection, Keypair, LAMPORTS_PER_SOL, SystemProgram, Transaction, type TransactionInstruction } from '@solana/web3.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSolanaLocalnet, type SolanaLocalnet } from '../../../../server/src/test-support/litesvm-rpc.js'
import { createStore } from '../../utils/store.js'
import type { EmbeddedWalletsState } from '../../wallets/embedded/types.js'
import { createConfirmationQueue } from '../confirmation-queue.js'
import type { SolanaTransactionConfirmation } from '../types.js'
import { solanaTransactionConfirmation } from './solana-transaction-confirmation.js'
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
async function confirm(wallet: Keypair, instructions: TransactionInstruction[], options: { signOnly?: boolean; solUsd?: number; transaction?: Transaction } = {}) {
  const state = createStore<EmbeddedWalletsState>({ status: 'ready', wallets: [], creating: null, error: null })
  const queue = createConfirmationQueue({ state, showWalletUIs: () => true, announce: () => true, successDisplayMs: 10 })
  const transaction = options.transaction ?? new Transaction({ feePayer: wallet.publicKey }).add(...instructions)
  const signings: string[] = []
  const outcome = queue.enqueue(solanaTransactionConfirmation({
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
  }))
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
  return { outcome, current, until, transaction, signings, state }
}

describe('the Solana transaction confirmation', () => {
  it('summarises a SOL transfer: amount, fee from the RPC, balance, network, destination, with USD', async () => {
    const wallet = fundedWallet()
    const to = Keypair.generate().publicKey
    const { until } = await confirm(wallet, [SystemProgram.transfer({ fromPubkey: wallet.publicKey, toPubkey: to, lamports: LAMPORTS_PER_SOL / 2 })], { solUsd: 200 })
    const { summary, status } = await until((confirmation) => confirmation.status !== 'preparing')
    expect(status).toBe('ready')
    expect(summary).toEqual({
      instructions: [{ type: 'sol-transfer', from: wallet.publicKey.toBase58(), to: to.toBase58(), amount: { value: 500_000_000n, decimals: 9, symbol: 'SOL', usd: 100 } }],
      amount: { value: 500_000_000n, decimals: 9, symbol: 'SOL', usd: 100 },
      network: 'devnet',
      estimatedFee: { value: 5000n, decimals: 9, symbol: 'SOL', usd: 0.001 },
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
    expect(summary!.swap).toEqual({ in: { value: 1_500_000n, decimals: 6, symbol: 'TKN', usd: null }, out: { value: 4_200n, decimals: 2, symbol: 'TKN', usd: null } })
    expect(summary!.amount).toBeUndefined()

    const other = Keypair.generate().publicKey
    const theirs = await confirm(wallet, [raydiumSwap('base-in', { source, destination, owner: other }, 1n, 2n)])
    const { summary: theirSummary } = await theirs.until((confirmation) => confirmation.status === 'ready')
    expect(theirSummary!.instructions[0]).toMatchObject({ type: 'raydium-swap', authority: other.toBase58() })
    expect(theirSummary!.swap).toBeUndefined()
  })

  it("flags a transfer above the balance (SOL out plus fee) and refuses approval with the spec's copy", async () => {
    const wallet = fundedWallet(1_000_000n)
    const { until, current, signings } = await confirm(wallet, [SystemProgram.transfer({ fromPubkey: wallet.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 996_000 })])
    const ready = await until((confirmation) => confirmation.status === 'ready')
    // 996,000 + 5,000 fee > 1,000,000.
    expect(ready.summary!.insufficientFunds).toBe(true)
    ready.approve()
    await until((confirmation) => confirmation.error !== null)
    expect(current()).toMatchObject({ status: 'ready', error: { code: 'insufficient_balance', shortMessage: 'Solana wallet has insufficient funds for this transaction.' } })
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
    const { until, outcome, signings, transaction } = await confirm(wallet, [SystemProgram.transfer({ fromPubkey: wallet.publicKey, toPubkey: to, lamports: 4_000_000 })])
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
    const { until, outcome } = await confirm(wallet, [SystemProgram.transfer({ fromPubkey: wallet.publicKey, toPubkey: to, lamports: 1_000 })], { signOnly: true })
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
    expect(failed.error).toMatchObject({ code: 'transaction_failure', shortMessage: 'Simulation failed', details: expect.stringContaining('insufficient funds for rent') })
    failed.reject()
    await expect(second.outcome).rejects.toBe(failed.error)
    expect(second.state.get().confirmations).toEqual([])
  })

  it('gives a legacy transaction without a blockhash the latest one', async () => {
    const wallet = fundedWallet()
    const { until, transaction } = await confirm(wallet, [SystemProgram.transfer({ fromPubkey: wallet.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 1_000 })])
    expect(transaction.recentBlockhash).toBeUndefined()
    await until((confirmation) => confirmation.status === 'ready')
    expect(await connection.isBlockhashValid(transaction.recentBlockhash!)).toMatchObject({ value: true })
  })
})
