/**
 * Sponsored Solana sends of a server-managed (privy-v2) wallet through the client: the frame gets the unsigned
 * transaction (the wallet as fee payer) with sponsor and the cluster's caip2, the wallet API's stand-in puts the app's
 * fee payer in and sends, and the host only polls the signature. Every other wallet, and sign-only, is refused.
 */
import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey, SystemProgram, Transaction, TransactionMessage, VersionedTransaction } from '@solana/web3.js'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { startSolanaLocalnet, type SolanaLocalnet } from '../../../../server/src/test-support/litesvm-rpc.js'
import { appPaysSolanaFees } from '../../transactions/solana/test-support/app-fee-payer.js'
import type { SolanaTransactionConfirmation } from '../../transactions/types.js'
import type { TesseraClient } from '../../types.js'
import { embeddedStateWhere, startEmbeddedTestbed, type EmbeddedTestbed } from './test-support/embedded-client.js'

let localnet: SolanaLocalnet
let testbed: EmbeddedTestbed
beforeAll(async () => {
  localnet = await startSolanaLocalnet({ slotMs: 50 })
})
afterAll(async () => {
  await localnet.close()
})
afterEach(async () => {
  vi.restoreAllMocks()
  await testbed?.close()
})

const connection = () => new Connection(localnet.rpcUrl, 'confirmed')

/**
 * A signed-in user whose Solana wallet (server-managed unless `onDevice`) holds `lamports` on the app's devnet (the
 * local cluster); `ui`: a mounted UI, so requests wait for the user's approval.
 */
async function signedIn(options: { onDevice?: boolean; ui?: boolean; lamports?: bigint } = {}) {
  testbed = await startEmbeddedTestbed({
    serverManaged: !options.onDevice,
    embedded: { solana: { create_on_login: 'all-users' } },
    config: { name: 'Sponsor App', solana_clusters: [{ name: 'devnet', rpc_url: localnet.rpcUrl, block_explorer_url: null }] },
  })
  const client = testbed.newClient()
  if (options.ui) client.on('walletPrompt', ({ screen }) => void screen)
  // The fake API has no SOL price: the confirmation logs that and goes on without USD.
  vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  await testbed.login(client)
  const { wallets } = await embeddedStateWhere(client, (state) => state.status === 'ready' && state.wallets.length === 1)
  const wallet = wallets[0]!
  localnet.airdrop(wallet.address, options.lamports ?? 10_000_000n)
  const fees = appPaysSolanaFees(localnet.rpcUrl)
  localnet.airdrop(fees.feePayer.publicKey.toBase58(), BigInt(LAMPORTS_PER_SOL))
  testbed.frame.sponsoredSolanaSend = fees.send
  testbed.frame.calls.length = 0
  return { client, wallet, fees, from: new PublicKey(wallet.address), provider: await client.embeddedWallets.getSolanaProvider() }
}

const transfer = (from: PublicKey, to: PublicKey, lamports: number) =>
  new Transaction().add(SystemProgram.transfer({ fromPubkey: from, toPubkey: to, lamports }))
const rpcCalls = () =>
  testbed.frame.calls
    .filter((call) => call.event === 'rpc')
    .map((call) => call.data as { walletId?: string; chainType: string; request: Record<string, unknown> })
const solanaConfirmation = (client: TesseraClient, status: SolanaTransactionConfirmation['status']) =>
  embeddedStateWhere(client, (state) => state.confirmations?.[0]?.status === status).then((state) => state.confirmations![0] as SolanaTransactionConfirmation)

describe('sponsored Solana sends of server-managed wallets', () => {
  it("sends headless through the frame (sponsor, caip2, the wallet's id, the unsigned transaction); the host signs and broadcasts nothing and polls the signature", async () => {
    const { provider, wallet, fees, from } = await signedIn()
    const broadcast = vi.spyOn(Connection.prototype, 'sendRawTransaction')
    const polled = vi.spyOn(Connection.prototype, 'getSignatureStatuses')
    const to = Keypair.generate().publicKey
    // Everything the wallet holds: it pays no fee.
    const { signature } = await provider.signAndSendTransaction(transfer(from, to, 10_000_000), { sponsor: true, uiOptions: { showWalletUIs: false } })

    const [call, ...others] = rpcCalls()
    expect(others).toEqual([])
    expect(call).toMatchObject({
      walletId: wallet.id,
      chainType: 'solana',
      request: { method: 'signAndSendTransaction', caip2: 'solana:devnet', sponsor: true, params: { encoding: 'base64' } },
    })
    const asked = VersionedTransaction.deserialize(Buffer.from((call!.request.params as { transaction: string }).transaction, 'base64'))
    expect(asked.message.staticAccountKeys[0]!.toBase58()).toBe(wallet.address)
    expect(asked.signatures.every((slot) => slot.every((byte) => byte === 0))).toBe(true)
    expect(broadcast).not.toHaveBeenCalled()
    expect(polled).toHaveBeenCalledWith([signature])
    expect((await connection().getSignatureStatuses([signature])).value[0]).toMatchObject({ err: null })
    expect(await connection().getBalance(to)).toBe(10_000_000)
    expect(await connection().getBalance(from)).toBe(0)
    expect(fees.asked).toHaveLength(1)
  })

  it('confirms with the summary sponsored (the fee not counted against the balance), then sends on approval and completes with the receipt', async () => {
    const { client, provider, from } = await signedIn({ ui: true })
    const to = Keypair.generate().publicKey
    const sending = provider.signAndSendTransaction(transfer(from, to, 10_000_000), { sponsor: true })
    const ready = await solanaConfirmation(client, 'ready')
    expect(ready.summary).toMatchObject({ sponsored: true, insufficientFunds: false, balance: { value: 10_000_000n } })
    ready.approve()
    const { signature } = await sending
    expect((await solanaConfirmation(client, 'complete')).receipt).toEqual({ signature, explorerUrl: null })
    expect(await connection().getBalance(to)).toBe(10_000_000)
  })

  it('sends a versioned transaction the same way, and once per idempotency key', async () => {
    const { provider, from, fees } = await signedIn()
    const to = Keypair.generate().publicKey
    const blockhash = (await connection().getLatestBlockhash()).blockhash
    const versioned = () =>
      new VersionedTransaction(
        new TransactionMessage({
          payerKey: from,
          recentBlockhash: blockhash,
          instructions: [SystemProgram.transfer({ fromPubkey: from, toPubkey: to, lamports: 4_000_000 })],
        }).compileToV0Message(),
      )
    const headless = { sponsor: true, idempotencyKey: 'order-7', uiOptions: { showWalletUIs: false } }
    const first = await provider.signAndSendTransaction(versioned(), headless)
    const again = await provider.signAndSendTransaction(versioned(), headless)
    expect(again.signature).toBe(first.signature)
    expect(fees.asked).toHaveLength(1)
    expect(await connection().getBalance(to)).toBe(4_000_000)
  })

  it("rejects with the wallet API's refusal (policy_violation and its message)", async () => {
    const { provider, from } = await signedIn()
    testbed.frame.failNext('rpc', 'Solana sponsorship is not enabled for this cluster', 'policy_violation')
    await expect(
      provider.signAndSendTransaction(transfer(from, Keypair.generate().publicKey, 1_000_000), { sponsor: true, uiOptions: { showWalletUIs: false } }),
    ).rejects.toMatchObject({
      code: 'policy_violation',
      shortMessage: 'Solana sponsorship is not enabled for this cluster',
    })
  })

  it("refuses sign-only with sponsor ('not_supported'), before anything is queued or asked of the frame", async () => {
    const { client, provider, from } = await signedIn({ ui: true })
    await expect(provider.signTransaction(transfer(from, Keypair.generate().publicKey, 1_000_000), { sponsor: true })).rejects.toMatchObject({
      code: 'not_supported',
    })
    expect(client.embeddedWallets.getState().confirmations ?? []).toEqual([])
    expect(testbed.frame.calls).toEqual([])
  })
})

describe('sponsored Solana sends of other wallets', () => {
  it("refuses an on-device wallet's sponsored send ('not_supported': only TEE wallets are sponsored) before anything is queued or asked of the frame", async () => {
    const { client, provider, from } = await signedIn({ onDevice: true, ui: true })
    await expect(provider.signAndSendTransaction(transfer(from, Keypair.generate().publicKey, 1_000_000), { sponsor: true })).rejects.toMatchObject({
      code: 'not_supported',
      shortMessage: 'Gas sponsorship is not available for this wallet.',
    })
    expect(client.embeddedWallets.getState().confirmations ?? []).toEqual([])
    expect(testbed.frame.calls).toEqual([])
  })
})
