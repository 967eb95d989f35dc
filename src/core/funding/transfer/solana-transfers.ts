/**
 * The Solana transactions of a transfer from an external Solana wallet (funding spec, "Screens and routes"): SOL by the System program,
 * an SPL token (USDC) by TransferChecked into the recipient's associated token account (created when missing), and
 * a bridge's step from its instructions. Loaded with the first Solana transfer: @solana/web3.js comes with it.
 */
import {
  type AddressLookupTableAccount,
  Connection,
  PublicKey,
  SystemProgram,
  TransactionInstruction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js'
import type { BridgeSolanaStepData } from '../../../protocol/funding.js'
import { SPL_ASSOCIATED_TOKEN_PROGRAM_ID, SPL_TOKEN_PROGRAM_ID } from '../../../protocol/solana-programs.js'

const TOKEN_PROGRAM = new PublicKey(SPL_TOKEN_PROGRAM_ID)
const ASSOCIATED_TOKEN_PROGRAM = new PublicKey(SPL_ASSOCIATED_TOKEN_PROGRAM_ID)
/** A token account's size: its rent-exempt minimum is what creating one costs. */
export const TOKEN_ACCOUNT_SIZE = 165

/** The ATA program's address for `owner`'s account of `mint`. */
export const associatedTokenAddress = (owner: string, mint: string) =>
  PublicKey.findProgramAddressSync([new PublicKey(owner).toBytes(), TOKEN_PROGRAM.toBytes(), new PublicKey(mint).toBytes()], ASSOCIATED_TOKEN_PROGRAM)[0]

const account = (pubkey: PublicKey, isSigner: boolean, isWritable: boolean) => ({ pubkey, isSigner, isWritable })

/** The ATA program's CreateIdempotent (1): a no-op when the account exists. */
function createAssociatedAccount(payer: PublicKey, owner: PublicKey, mint: PublicKey): TransactionInstruction {
  const keys = [
    account(payer, true, true),
    account(associatedTokenAddress(owner.toBase58(), mint.toBase58()), false, true),
    account(owner, false, false),
    account(mint, false, false),
    account(SystemProgram.programId, false, false),
    account(TOKEN_PROGRAM, false, false),
  ]
  return new TransactionInstruction({ programId: ASSOCIATED_TOKEN_PROGRAM, keys, data: Uint8Array.of(1) as Buffer })
}

/** TransferChecked (12): amount (u64 little-endian) and the mint's decimals. */
function transferChecked(
  source: PublicKey,
  mint: PublicKey,
  destination: PublicKey,
  owner: PublicKey,
  amount: bigint,
  decimals: number,
): TransactionInstruction {
  const data = new Uint8Array(10)
  data[0] = 12
  new DataView(data.buffer).setBigUint64(1, amount, true)
  data[9] = decimals
  const keys = [account(source, false, true), account(mint, false, false), account(destination, false, true), account(owner, true, false)]
  return new TransactionInstruction({ programId: TOKEN_PROGRAM, keys, data: data as Buffer })
}

export async function accountExists(rpcUrl: string, address: PublicKey): Promise<boolean> {
  return (await new Connection(rpcUrl, 'confirmed').getAccountInfo(address)) !== null
}

async function compile(
  rpcUrl: string,
  payer: PublicKey,
  instructions: TransactionInstruction[],
  tables: AddressLookupTableAccount[] = [],
): Promise<VersionedTransaction> {
  const { blockhash } = await new Connection(rpcUrl, 'confirmed').getLatestBlockhash()
  return new VersionedTransaction(new TransactionMessage({ payerKey: payer, recentBlockhash: blockhash, instructions }).compileToV0Message(tables))
}

export function solTransfer(rpcUrl: string, from: string, to: string, lamports: bigint): Promise<VersionedTransaction> {
  const payer = new PublicKey(from)
  return compile(rpcUrl, payer, [SystemProgram.transfer({ fromPubkey: payer, toPubkey: new PublicKey(to), lamports })])
}

/** From the payer's token account `source` into the recipient's associated account, created first when `create`. */
export function splTransfer(
  rpcUrl: string,
  input: { from: string; source: string; to: string; mint: string; amount: bigint; decimals: number; create: boolean },
): Promise<VersionedTransaction> {
  const [payer, owner, mint] = [new PublicKey(input.from), new PublicKey(input.to), new PublicKey(input.mint)]
  const destination = associatedTokenAddress(input.to, input.mint)
  const transfer = transferChecked(new PublicKey(input.source), mint, destination, payer, input.amount, input.decimals)
  return compile(rpcUrl, payer, input.create ? [createAssociatedAccount(payer, owner, mint), transfer] : [transfer])
}

/** A bridge step's instructions (data in hex, as the bridge sends it) in one transaction, with its lookup tables. */
export async function bridgeStepTransaction(rpcUrl: string, from: string, step: BridgeSolanaStepData): Promise<VersionedTransaction> {
  const connection = new Connection(rpcUrl, 'confirmed')
  const tables = await Promise.all(
    (step.addressLookupTableAddresses ?? []).map(async (address) => {
      const table = (await connection.getAddressLookupTable(new PublicKey(address))).value
      if (!table) throw new Error(`Lookup table ${address} not found`)
      return table
    }),
  )
  const instructions = step.instructions.map(
    (instruction) =>
      new TransactionInstruction({
        programId: new PublicKey(instruction.programId),
        keys: instruction.keys.map((key) => account(new PublicKey(key.pubkey), key.isSigner, key.isWritable)),
        data: Uint8Array.from(instruction.data.replace(/^0x/, '').match(/../g) ?? [], (pair) => parseInt(pair, 16)) as Buffer,
      }),
  )
  return compile(rpcUrl, new PublicKey(from), instructions, tables)
}
