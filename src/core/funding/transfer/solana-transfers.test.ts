import { Keypair, PublicKey, SystemProgram } from '@solana/web3.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSolanaLocalnet, type SolanaLocalnet } from '../../../../server/src/test-support/litesvm-rpc.js'
import {
  ASSOCIATED_TOKEN_PROGRAM_ID,
  associatedTokenAddress as referenceAta,
  TOKEN_PROGRAM_ID,
} from '../../transactions/solana/test-support/spl-instructions.js'
import { associatedTokenAddress, bridgeStepTransaction, splTransfer } from './solana-transfers.js'

let localnet: SolanaLocalnet
beforeAll(async () => {
  localnet = await startSolanaLocalnet({ slotMs: 50 })
})
afterAll(async () => {
  await localnet.close()
})

const key = () => Keypair.generate().publicKey
const instructionsOf = (transaction: Awaited<ReturnType<typeof splTransfer>>) => {
  const { message } = transaction
  const keys = message.staticAccountKeys
  return message.compiledInstructions.map((instruction) => ({
    program: keys[instruction.programIdIndex]!.toBase58(),
    accounts: instruction.accountKeyIndexes.map((index) => keys[index]!.toBase58()),
    data: Array.from(instruction.data),
  }))
}

describe('the Solana transfers of a funding (funding spec, "Screens and routes")', () => {
  it("derives the recipient's associated token account as the ATA program does", () => {
    const [owner, mint] = [key(), key()]
    expect(associatedTokenAddress(owner.toBase58(), mint.toBase58()).toBase58()).toBe(referenceAta(owner, mint).toBase58())
  })

  it('moves a token by TransferChecked, creating the recipient account (idempotently) only when asked', async () => {
    const [from, source, to, mint] = [key(), key(), key(), key()]
    const input = { from: from.toBase58(), source: source.toBase58(), to: to.toBase58(), mint: mint.toBase58(), amount: 12_500_000n, decimals: 6 }
    const destination = referenceAta(to, mint).toBase58()
    const created = instructionsOf(await splTransfer(localnet.rpcUrl, { ...input, create: true }))
    expect(created).toEqual([
      {
        program: ASSOCIATED_TOKEN_PROGRAM_ID.toBase58(),
        accounts: [from.toBase58(), destination, to.toBase58(), mint.toBase58(), SystemProgram.programId.toBase58(), TOKEN_PROGRAM_ID.toBase58()],
        data: [1],
      },
      {
        program: TOKEN_PROGRAM_ID.toBase58(),
        accounts: [source.toBase58(), mint.toBase58(), destination, from.toBase58()],
        data: [12, 0x20, 0xbc, 0xbe, 0, 0, 0, 0, 0, 6],
      },
    ])
    const existing = instructionsOf(await splTransfer(localnet.rpcUrl, { ...input, create: false }))
    expect(existing).toEqual([created[1]])
  })

  it("puts a bridge step's hex instructions in one transaction paid by the wallet, and refuses a lookup table that does not load", async () => {
    const [from, deposit] = [key(), key()]
    const transfer = SystemProgram.transfer({ fromPubkey: from, toPubkey: deposit, lamports: 1_000 })
    const step = {
      instructions: [
        {
          programId: transfer.programId.toBase58(),
          keys: transfer.keys.map((entry) => ({ ...entry, pubkey: entry.pubkey.toBase58() })),
          data: Buffer.from(transfer.data).toString('hex'),
        },
      ],
    }
    const transaction = await bridgeStepTransaction(localnet.rpcUrl, from.toBase58(), step)
    expect(transaction.message.staticAccountKeys[0]!.equals(from)).toBe(true)
    expect(instructionsOf(transaction)).toEqual([
      { program: SystemProgram.programId.toBase58(), accounts: [from.toBase58(), deposit.toBase58()], data: Array.from(transfer.data) },
    ])
    const missing = new PublicKey(key().toBytes()).toBase58()
    await expect(bridgeStepTransaction(localnet.rpcUrl, from.toBase58(), { ...step, addressLookupTableAddresses: [missing] })).rejects.toThrow(
      `Lookup table ${missing} not found`,
    )
  })
})
