import { ed25519 } from '@noble/curves/ed25519.js'
import {
  ComputeBudgetProgram,
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startSolanaLocalnet, type SolanaLocalnet } from '../../../../server/src/test-support/litesvm-rpc.js'
import type { TesseraClient } from '../../types.js'
import { ProviderRpcError } from '../embedded/provider-rpc-error.js'
import { fakePage, registerStandardWallet, standardWallet, type StandardWalletOptions, type TestStandardWallet } from '../test-support/fake-page.js'
import { createTestSolanaWallet, type TestSolanaWallet } from '../test-support/solana-wallet.js'
import { startWalletsTestbed, type WalletsTestbed } from '../test-support/wallets-testbed.js'
import type { ConnectedSolanaWallet } from '../types.js'

let localnet: SolanaLocalnet
const testbeds: WalletsTestbed[] = []
beforeAll(async () => {
  localnet = await startSolanaLocalnet({ slotMs: 50 })
})
afterAll(async () => {
  await localnet.close()
})
afterEach(async () => {
  await Promise.all(testbeds.splice(0).map((testbed) => testbed.close()))
})

interface Connected {
  client: TesseraClient
  wallet: ConnectedSolanaWallet
  keys: TestSolanaWallet
  standard: TestStandardWallet
}

/** A funded Phantom-like wallet, connected in a client whose app's devnet (its first cluster) is the local endpoint. */
async function connectedWallet(options: StandardWalletOptions = {}): Promise<Connected> {
  const testbed = await startWalletsTestbed({ solana_clusters: [{ name: 'devnet', rpc_url: localnet.rpcUrl, block_explorer_url: null }] })
  testbeds.push(testbed)
  const page = fakePage()
  const keys = createTestSolanaWallet()
  const standard = standardWallet(keys, { name: 'Phantom', ...options })
  registerStandardWallet(page, standard)
  localnet.airdrop(keys.address, 2n * BigInt(LAMPORTS_PER_SOL))
  const client = await testbed.newClient(page)
  const wallet = await client.wallets.connect('Phantom')
  if (wallet.chain !== 'solana') throw new Error('expected a Solana wallet')
  return { client, wallet, keys, standard }
}

const connection = () => new Connection(localnet.rpcUrl, 'confirmed')
const transfer = (from: string, to: PublicKey, lamports: number) =>
  new Transaction().add(SystemProgram.transfer({ fromPubkey: new PublicKey(from), toPubkey: to, lamports }))

async function versionedTransfer(from: string, to: PublicKey, lamports: number): Promise<VersionedTransaction> {
  const message = new TransactionMessage({
    payerKey: new PublicKey(from),
    recentBlockhash: (await connection().getLatestBlockhash()).blockhash,
    instructions: [SystemProgram.transfer({ fromPubkey: new PublicKey(from), toPubkey: to, lamports })],
  }).compileToV0Message()
  return new VersionedTransaction(message)
}

describe('a connected Solana wallet', () => {
  it("signs and sends a SOL transfer through the app's cluster when the wallet cannot send itself; the same transaction comes back signed", async () => {
    const { wallet, keys, standard } = await connectedWallet()
    expect(wallet.meta).toEqual({ name: 'Phantom', icon: 'data:image/svg+xml,<svg/>', id: 'Phantom' })
    const to = Keypair.generate().publicKey
    const transaction = transfer(keys.address, to, 1_000_000)
    const { signature } = await wallet.signAndSendTransaction(transaction)
    expect(standard.calls).toEqual([{ method: 'signTransaction', chain: 'solana:devnet' }])
    expect(transaction.signatures[0]!.signature).not.toBeNull()
    expect((await connection().getSignatureStatuses([signature])).value[0]).toMatchObject({ err: null })
    expect(await connection().getBalance(to)).toBe(1_000_000)
  })

  it('lets the wallet sign and send itself (solana:signAndSendTransaction) on the cluster the call names, then waits for the cluster', async () => {
    const { wallet, keys, standard } = await connectedWallet({ rpcUrl: localnet.rpcUrl })
    const to = Keypair.generate().publicKey
    const { signature } = await wallet.signAndSendTransaction(await versionedTransfer(keys.address, to, 2_000_000), { cluster: 'devnet' })
    expect(standard.calls).toEqual([{ method: 'signAndSendTransaction', chain: 'solana:devnet' }])
    expect((await connection().getSignatureStatuses([signature])).value[0]).toMatchObject({ err: null, confirmationStatus: 'finalized' })
    expect(await connection().getBalance(to)).toBe(2_000_000)
  })

  it("refuses a sponsored send ('not_supported': the app pays only for server-managed embedded wallets) before the wallet is asked", async () => {
    const { wallet, keys, standard } = await connectedWallet({ rpcUrl: localnet.rpcUrl })
    await expect(
      wallet.signAndSendTransaction(await versionedTransfer(keys.address, Keypair.generate().publicKey, 2_000_000), { sponsor: true }),
    ).rejects.toMatchObject({
      code: 'not_supported',
      shortMessage: 'Gas sponsorship is not available for this wallet.',
    })
    expect(standard.calls).toEqual([])
  })

  it('signs a versioned transaction in its signer slot and gives the same object back', async () => {
    const { wallet, keys } = await connectedWallet()
    const transaction = await versionedTransfer(keys.address, Keypair.generate().publicKey, 5_000)
    const signed = await wallet.signTransaction(transaction)
    expect(signed).toBe(transaction)
    expect(ed25519.verify(signed.signatures[0]!, transaction.message.serialize(), keys.publicKey)).toBe(true)
  })

  it('gives back the transaction the wallet signed when the wallet rewrote it (a priority fee added)', async () => {
    const { wallet, keys, standard } = await connectedWallet()
    const feature = standard.features['solana:signTransaction'] as {
      signTransaction(...inputs: { transaction: Uint8Array }[]): Promise<{ signedTransaction: Uint8Array }[]>
    }
    const signTransaction = feature.signTransaction
    feature.signTransaction = (...inputs) =>
      signTransaction(
        ...inputs.map(({ transaction }) => {
          const rewritten = Transaction.from(transaction)
          rewritten.instructions.unshift(ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 1 }))
          return { transaction: rewritten.serialize({ requireAllSignatures: false, verifySignatures: false }) }
        }),
      )
    const to = Keypair.generate().publicKey
    const transaction = transfer(keys.address, to, 1_000_000)
    const signed = await wallet.signTransaction(transaction)
    expect(signed).not.toBe(transaction)
    expect(signed.instructions.map((instruction) => instruction.programId.toBase58())).toEqual([
      ComputeBudgetProgram.programId.toBase58(),
      SystemProgram.programId.toBase58(),
    ])
    expect(signed.verifySignatures()).toBe(true)
    await wallet.signAndSendTransaction(transfer(keys.address, to, 1_500_000))
    expect(await connection().getBalance(to)).toBe(1_500_000)
  })

  it('signs messages as bytes or UTF-8 text; an empty message is refused', async () => {
    const { wallet, keys } = await connectedWallet()
    const { signature } = await wallet.signMessage('Fund my Tessera wallet')
    expect(ed25519.verify(signature, new TextEncoder().encode('Fund my Tessera wallet'), keys.publicKey)).toBe(true)
    expect(ed25519.verify((await wallet.signMessage(Uint8Array.of(1, 2, 3))).signature, Uint8Array.of(1, 2, 3), keys.publicKey)).toBe(true)
    await expect(wallet.signMessage('')).rejects.toMatchObject({ code: 'invalid_message', shortMessage: 'Message must be a non-empty string' })
  })

  it("fails with 4001 'The user rejected the request.' when the user rejects, whichever way the wallet signs", async () => {
    for (const options of [{}, { rpcUrl: localnet.rpcUrl }]) {
      const { wallet, keys } = await connectedWallet(options)
      const attempts = [
        () => wallet.signAndSendTransaction(transfer(keys.address, Keypair.generate().publicKey, 1_000)),
        () => wallet.signTransaction(transfer(keys.address, Keypair.generate().publicKey, 1_000)),
        () => wallet.signMessage('hello'),
      ]
      for (const attempt of attempts) {
        keys.rejectNext()
        const error = await attempt().catch((caught: unknown) => caught)
        expect(error).toBeInstanceOf(ProviderRpcError)
        expect(error).toMatchObject({ code: 4001, message: 'The user rejected the request.' })
      }
    }
  })

  it("refuses a transaction without the wallet's key, and reports the cluster's refusal (not enough SOL)", async () => {
    const { wallet, keys } = await connectedWallet()
    const stranger = Keypair.generate()
    const foreign = transfer(stranger.publicKey.toBase58(), Keypair.generate().publicKey, 1_000)
    foreign.feePayer = stranger.publicKey
    await expect(wallet.signAndSendTransaction(foreign)).rejects.toMatchObject({
      code: 'unable_to_sign',
      shortMessage: `The transaction does not contain the wallet's public key ${keys.address}`,
    })
    const tooMuch = transfer(keys.address, Keypair.generate().publicKey, 5 * LAMPORTS_PER_SOL)
    await expect(wallet.signAndSendTransaction(tooMuch)).rejects.toMatchObject({ code: 'transaction_failure', shortMessage: 'Simulation failed' })
  })

  it('says so when the wallet is no longer connected', async () => {
    const { client, wallet, keys } = await connectedWallet()
    await wallet.disconnect()
    expect(client.wallets.getConnected()).toEqual([])
    for (const attempt of [() => wallet.signMessage('hello'), () => wallet.signTransaction(transfer(keys.address, Keypair.generate().publicKey, 1))]) {
      await expect(attempt()).rejects.toMatchObject({ code: 'generic_connect_wallet_error', shortMessage: 'Wallet is not currently connected.' })
    }
  })
})
