import { Connection, Keypair, LAMPORTS_PER_SOL, SystemProgram, Transaction } from '@solana/web3.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSolanaLocalnet, type SolanaLocalnet } from '../../../../server/src/test-support/litesvm-rpc.js'
import { TesseraError } from '../../errors/base-error.js'
import { createSendLedger, type SendLedger } from '../send-once.js'
import { solanaTransactionConfirmation } from './solana-transaction-confirmation.js'

let localnet: SolanaLocalnet
beforeAll(async () => {
  localnet = await startSolanaLocalnet({ slotMs: 50 })
})
afterAll(async () => {
  await localnet?.close()
})

/** A connection whose first send reaches the cluster but loses its answer (a time-out after the broadcast). */
function flakyConnection(): Connection {
  const connection = new Connection(localnet.rpcUrl, 'confirmed')
  const send = connection.sendRawTransaction.bind(connection)
  let sends = 0
  connection.sendRawTransaction = async (...args) => {
    const signature = await send(...args)
    if (++sends === 1) throw new Error('The request took too long to respond.')
    return signature
  }
  return connection
}

/** A funded wallet paying `lamports` to one recipient, on a flaky connection, counting its signatures. */
function payer() {
  const wallet = Keypair.generate()
  localnet.airdrop(wallet.publicKey.toBase58(), 2n * BigInt(LAMPORTS_PER_SOL))
  const recipient = Keypair.generate().publicKey
  const connection = flakyConnection()
  let signatures = 0
  const send = (ledger: SendLedger, key: string, lamports: number) =>
    solanaTransactionConfirmation({
      // A new transaction object each time, as an app's retry builds it: no blockhash, so each gets the latest.
      transaction: new Transaction({ feePayer: wallet.publicKey }).add(SystemProgram.transfer({ fromPubkey: wallet.publicKey, toPubkey: recipient, lamports })),
      signOnly: false,
      uiOptions: {},
      address: wallet.publicKey.toBase58(),
      cluster: { name: 'devnet', rpcUrl: localnet.rpcUrl, blockExplorerUrl: null },
      connection,
      splTokenInfo: async () => null,
      solUsd: async () => null,
      signTransaction: async (unsigned) => {
        signatures++
        unsigned.partialSign(wallet)
        return unsigned
      },
      confirmPollMs: 20,
      idempotency: { key, ledger },
    }).headless()
  const received = async () => new Connection(localnet.rpcUrl, 'confirmed').getBalance(recipient)
  return { send, received, signatures: () => signatures }
}

describe('a Solana send with an idempotency key (docs/security.md #60)', () => {
  it('10 retries, the first losing its answer after the broadcast, land one transfer and answer one signature', async () => {
    const wallet = payer()
    const ledger = createSendLedger()
    const signatures = []
    for (let attempt = 0; attempt < 10; attempt++) signatures.push((await wallet.send(ledger, 'payout-7', 5_000_000)).signature)
    expect(new Set(signatures).size).toBe(1)
    expect(await wallet.received()).toBe(5_000_000)
    expect(wallet.signatures()).toBe(1)
  })

  it('refuses the same key with another transfer, and sends nothing for it', async () => {
    const wallet = payer()
    const ledger = createSendLedger()
    await wallet.send(ledger, 'payout-8', 5_000_000)
    const refused = await wallet.send(ledger, 'payout-8', 6_000_000).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(TesseraError)
    expect(refused).toMatchObject({ code: 'invalid_data', status: 422 })
    expect([await wallet.received(), wallet.signatures()]).toEqual([5_000_000, 1])
  })
})
