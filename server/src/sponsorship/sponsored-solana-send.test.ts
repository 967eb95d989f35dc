/**
 * Sponsored Solana sends of server-managed wallets on the local cluster (litesvm behind JSON-RPC): the app's fee payer
 * takes the fee-payer place and pays the fee, the wallet pays only what it sends; the policy (clusters, programs, the
 * daily cap in lamports) and the fee-payer rules refuse the rest before anything is signed.
 */
import { randomBytes } from 'node:crypto'
import {
  AddressLookupTableAccount,
  Connection,
  Keypair,
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionInstruction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { encodeBase58 } from '../../../src/protocol/index.js'
import { localKeyEncryptionKeys } from '../secrets/local-key-encryption-keys.js'
import { startSolanaLocalnet, type SolanaLocalnet } from '../test-support/litesvm-rpc.js'
import { serverWalletUser, type ServerWalletUser } from '../test-support/server-wallet-user.js'
import { startTestServer, type TestServer } from '../test-support/test-server.js'
import { sponsoredSpendOf, utcDay } from './ledger.js'
import { policyMessages } from './policy-errors.js'
import { storeSolanaFeePayerKey } from './solana-fee-payer.js'

const MEMO_PROGRAM = new PublicKey('MemoSq4gqABAXKb96qnH8TuKQuBLULPnnRzZnbmA3UW')
const LAMPORTS_PER_SIGNATURE = 5000
/** Two signatures (the fee payer's and the wallet's): the fee of every transaction below. */
const FEE = 2 * LAMPORTS_PER_SIGNATURE
const SENT = 1_000_000

let localnet: SolanaLocalnet
let server: TestServer
let connection: Connection
const feePayer = Keypair.generate()

beforeAll(async () => {
  const kek = localKeyEncryptionKeys(randomBytes(32))
  localnet = await startSolanaLocalnet()
  connection = new Connection(localnet.rpcUrl, 'confirmed')
  server = await startTestServer({
    overrides: { keyEncryptionKeys: kek },
    app: {
      embeddedWallets: {
        ethereumCreateOnLogin: 'off',
        solanaCreateOnLogin: 'off',
        requireUserPasswordOnCreate: false,
        userOwnedRecoveryOptions: ['user-passcode'],
        googleDriveApiUrl: 'https://www.googleapis.com',
        mode: 'user-controlled-server-wallets-only',
      },
      solanaClusters: [
        { name: 'devnet', rpcUrl: localnet.rpcUrl, blockExplorerUrl: null },
        { name: 'testnet', rpcUrl: localnet.rpcUrl, blockExplorerUrl: null },
      ],
      gasSponsorship: {
        enabled: true,
        allowedChainIds: [],
        allowedContracts: [],
        dailyCapPerUserWei: '0',
        chains: {},
        solana: { clusters: ['devnet'], allowedPrograms: [SystemProgram.programId.toBase58()], dailyCapPerUserLamports: String(FEE + FEE / 2) },
      },
    },
  })
  expect(await storeSolanaFeePayerKey(server.db, kek, server.app.id, encodeBase58(feePayer.secretKey))).toBe(feePayer.publicKey.toBase58())
  localnet.airdrop(feePayer.publicKey.toBase58(), 1_000_000_000n)
}, 120_000)
afterAll(async () => {
  await server?.close()
  await localnet?.close()
})

async function fundedWalletUser(): Promise<ServerWalletUser> {
  const user = await serverWalletUser(server, 'solana')
  localnet.airdrop(user.wallet.address, 100_000_000n)
  return user
}

/** The wallet's transaction as a client builds it: the wallet pays (the server swaps that), unsigned, base64. */
async function walletTransaction(wallet: string, ...instructions: TransactionInstruction[]): Promise<string> {
  const { blockhash } = await connection.getLatestBlockhash()
  const transaction = new Transaction({ feePayer: new PublicKey(wallet), recentBlockhash: blockhash }).add(...instructions)
  return transaction.serialize({ requireAllSignatures: false, verifySignatures: false }).toString('base64')
}
const transfer = (from: string | PublicKey, to: string | PublicKey, lamports = SENT) =>
  SystemProgram.transfer({ fromPubkey: new PublicKey(from), toPubkey: new PublicKey(to), lamports })
const sponsoredSend = (transaction: string, caip2 = 'solana:devnet') => ({
  method: 'signAndSendTransaction',
  caip2,
  sponsor: true,
  params: { transaction, encoding: 'base64' },
})
const balance = async (address: string | PublicKey) => connection.getBalance(new PublicKey(address))

describe('sponsored Solana sends', () => {
  it('the fee payer pays the fee and the wallet only what it sends; the ledger holds the fee and the cap refuses the next', async () => {
    const { wallet, rpc, userId } = await fundedWalletUser()
    const recipient = Keypair.generate().publicKey
    const [walletBefore, feePayerBefore] = [await balance(wallet.address), await balance(feePayer.publicKey)]

    const sent = await rpc(sponsoredSend(await walletTransaction(wallet.address, transfer(wallet.address, recipient))))
    expect(sent.status).toBe(200)
    expect(sent.body).toMatchObject({ method: 'signAndSendTransaction', data: { caip2: 'solana:devnet', hash: expect.any(String) } })
    const landed = await connection.getTransaction(sent.body.data.hash, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 })
    expect(landed!.transaction.message.staticAccountKeys[0]!.toBase58()).toBe(feePayer.publicKey.toBase58())
    expect(landed?.meta?.err).toBeNull()
    expect(await balance(recipient)).toBe(SENT)
    expect(await balance(wallet.address)).toBe(walletBefore - SENT)
    expect(await balance(feePayer.publicKey)).toBe(feePayerBefore - FEE)
    const spendKey = { appId: server.app.id, userId, network: 'solana:devnet', day: utcDay(server.clock.now()) }
    expect(await sponsoredSpendOf(server.db, spendKey)).toBe(BigInt(FEE))

    // The cap is one and a half fees: the second send is refused before it is signed, and nobody pays.
    const capped = await rpc(sponsoredSend(await walletTransaction(wallet.address, transfer(wallet.address, recipient))))
    expect([capped.status, capped.body.code, capped.body.error]).toEqual([403, 'policy_violation', policyMessages.dailyCap])
    expect(await balance(feePayer.publicKey)).toBe(feePayerBefore - FEE)
    expect(await sponsoredSpendOf(server.db, spendKey)).toBe(BigInt(FEE))
  }, 60_000)

  it('refuses a cluster or a program the policy does not sponsor, with policy_violation, and nobody pays', async () => {
    const { wallet, rpc } = await fundedWalletUser()
    const feePayerBefore = await balance(feePayer.publicKey)
    const recipient = Keypair.generate().publicKey
    const otherCluster = await rpc(sponsoredSend(await walletTransaction(wallet.address, transfer(wallet.address, recipient)), 'solana:testnet'))
    expect([otherCluster.status, otherCluster.body.code, otherCluster.body.error]).toEqual([403, 'policy_violation', policyMessages.cluster('testnet')])
    const memo = new TransactionInstruction({
      programId: MEMO_PROGRAM,
      keys: [{ pubkey: new PublicKey(wallet.address), isSigner: true, isWritable: false }],
      data: Buffer.from('hi'),
    })
    const otherProgram = await rpc(sponsoredSend(await walletTransaction(wallet.address, transfer(wallet.address, recipient), memo)))
    expect([otherProgram.status, otherProgram.body.code, otherProgram.body.error]).toEqual([
      403,
      'policy_violation',
      policyMessages.program(MEMO_PROGRAM.toBase58()),
    ])
    expect(await balance(feePayer.publicKey)).toBe(feePayerBefore)
    expect(await balance(recipient)).toBe(0)
  }, 60_000)

  it('refuses what would make the fee payer sign for more than the fee: naming it, other signers, lookup tables, no wallet', async () => {
    const { wallet, rpc } = await fundedWalletUser()
    const feePayerBefore = await balance(feePayer.publicKey)
    const refusal = async (transaction: string) => {
      const answer = await rpc(sponsoredSend(transaction))
      return [answer.status, answer.body.code, answer.body.error]
    }
    const other = Keypair.generate()
    const invalid = (why: string) => [400, 'invalid_data', `Invalid request body: params.transaction: ${why}`]
    // A transfer from the fee payer would be signed by its signature: it may not appear at all.
    expect(await refusal(await walletTransaction(wallet.address, transfer(feePayer.publicKey, other.publicKey)))).toEqual(
      invalid("a sponsored transaction cannot use the app's fee payer account"),
    )
    expect(await refusal(await walletTransaction(wallet.address, transfer(wallet.address, feePayer.publicKey)))).toEqual(
      invalid("a sponsored transaction cannot use the app's fee payer account"),
    )
    expect(await refusal(await walletTransaction(wallet.address, transfer(other.publicKey, wallet.address)))).toEqual(
      invalid("a sponsored transaction may need no signature but the wallet's"),
    )
    // Only paying the fee, the wallet would leave the transaction: the app would pay for calls the wallet never signed.
    const noWallet = new TransactionInstruction({ programId: SystemProgram.programId, keys: [], data: Buffer.alloc(0) })
    expect(await refusal(await walletTransaction(wallet.address, noWallet))).toEqual(invalid('the transaction does not use this wallet'))
    const { blockhash } = await connection.getLatestBlockhash()
    const withLookup = new VersionedTransaction(
      new TransactionMessage({
        payerKey: new PublicKey(wallet.address),
        recentBlockhash: blockhash,
        instructions: [transfer(wallet.address, other.publicKey)],
      }).compileToV0Message([
        new AddressLookupTableAccount({
          key: Keypair.generate().publicKey,
          state: { deactivationSlot: 2n ** 64n - 1n, lastExtendedSlot: 0, lastExtendedSlotStartIndex: 0, addresses: [other.publicKey] },
        }),
      ]),
    )
    expect(await refusal(Buffer.from(withLookup.serialize()).toString('base64'))).toEqual(invalid('a sponsored transaction cannot use address lookup tables'))
    expect(await refusal('AAAA')).toEqual(invalid('not a Solana transaction'))
    expect(await balance(feePayer.publicKey)).toBe(feePayerBefore)
  }, 60_000)
})
