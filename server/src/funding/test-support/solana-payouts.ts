/**
 * Real transfers on the local Solana endpoint (or any cluster) from a stand-in's own keypair: SOL, or the network's
 * USDC (SPL, into the recipient's token account of the mint, its associated account created when it has none), with a
 * memo naming the provider's reference. Each waits until the cluster reports it confirmed.
 */
import { Connection, type Keypair, PublicKey, SystemProgram, Transaction, TransactionInstruction } from '@solana/web3.js'
import type { FundingAsset, SolanaNetwork } from './networks.js'

export const TOKEN_PROGRAM = new PublicKey('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')
export const ASSOCIATED_TOKEN_PROGRAM = new PublicKey('ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL')
export const MEMO_PROGRAM = new PublicKey('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr')

const connections = new Map<string, Connection>()
export function solanaConnection(rpcUrl: string): Connection {
  let connection = connections.get(rpcUrl)
  if (!connection) connections.set(rpcUrl, (connection = new Connection(rpcUrl, { commitment: 'confirmed', disableRetryOnRateLimit: true })))
  return connection
}

export const memoInstruction = (text: string) => new TransactionInstruction({ programId: MEMO_PROGRAM, keys: [], data: Buffer.from(text, 'utf8') })

const u64 = (value: bigint) => {
  const bytes = Buffer.alloc(8)
  bytes.writeBigUInt64LE(value)
  return bytes
}

export const associatedTokenAddress = (owner: PublicKey, mint: PublicKey) =>
  PublicKey.findProgramAddressSync([owner.toBuffer(), TOKEN_PROGRAM.toBuffer(), mint.toBuffer()], ASSOCIATED_TOKEN_PROGRAM)[0]

/** The owner's token account of `mint`: the one it has, else its associated one (which may not exist yet). */
export async function tokenAccountOf(connection: Connection, owner: PublicKey, mint: PublicKey): Promise<{ address: PublicKey; exists: boolean }> {
  const { value } = await connection.getTokenAccountsByOwner(owner, { mint })
  if (value[0]) return { address: value[0].pubkey, exists: true }
  return { address: associatedTokenAddress(owner, mint), exists: false }
}

/** Sends `instructions` paid and signed by `payer`; resolves with the signature once confirmed. */
export async function sendSolanaInstructions(rpcUrl: string, payer: Keypair, instructions: TransactionInstruction[]): Promise<string> {
  const connection = solanaConnection(rpcUrl)
  const transaction = new Transaction().add(...instructions)
  transaction.recentBlockhash = (await connection.getLatestBlockhash()).blockhash
  transaction.feePayer = payer.publicKey
  transaction.sign(payer)
  const signature = await connection.sendRawTransaction(transaction.serialize())
  await waitForSignature(connection, signature)
  return signature
}

export async function waitForSignature(connection: Connection, signature: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const {
      value: [status],
    } = await connection.getSignatureStatuses([signature])
    if (status?.err) throw new Error(`${signature} failed: ${JSON.stringify(status.err)}`)
    if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized') return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`${signature} was not confirmed`)
}

export interface SolanaTransfer {
  network: SolanaNetwork
  asset: FundingAsset
  to: string
  amount: bigint
  from: Keypair
  memo: string
}

/** CreateIdempotent: `owner`'s associated token account of `mint`, paid by `payer` (nothing happens when it exists). */
export const createAssociatedTokenAccountInstruction = (payer: PublicKey, owner: PublicKey, mint: PublicKey) =>
  new TransactionInstruction({
    programId: ASSOCIATED_TOKEN_PROGRAM,
    keys: [
      { pubkey: payer, isSigner: true, isWritable: true },
      { pubkey: associatedTokenAddress(owner, mint), isSigner: false, isWritable: true },
      { pubkey: owner, isSigner: false, isWritable: false },
      { pubkey: mint, isSigner: false, isWritable: false },
      { pubkey: SystemProgram.programId, isSigner: false, isWritable: false },
      { pubkey: TOKEN_PROGRAM, isSigner: false, isWritable: false },
    ],
    data: Buffer.from([1]),
  })

/** SPL Transfer: `amount` base units from `source` to `destination`, signed by the source's owner. */
export const splTransferInstruction = (source: PublicKey, destination: PublicKey, owner: PublicKey, amount: bigint) =>
  new TransactionInstruction({
    programId: TOKEN_PROGRAM,
    keys: [
      { pubkey: source, isSigner: false, isWritable: true },
      { pubkey: destination, isSigner: false, isWritable: true },
      { pubkey: owner, isSigner: true, isWritable: false },
    ],
    data: Buffer.concat([Buffer.from([3]), u64(amount)]),
  })

/** The instructions of a transfer: SOL by the system program, USDC by SPL Transfer (creating the recipient's account). */
async function transferInstructions(transfer: SolanaTransfer): Promise<TransactionInstruction[]> {
  const recipient = new PublicKey(transfer.to)
  if (transfer.asset === 'native') return [SystemProgram.transfer({ fromPubkey: transfer.from.publicKey, toPubkey: recipient, lamports: transfer.amount })]
  if (!transfer.network.usdcMint) throw new Error('USDC is not available on this network')
  const mint = new PublicKey(transfer.network.usdcMint)
  const connection = solanaConnection(transfer.network.rpcUrl)
  const source = await tokenAccountOf(connection, transfer.from.publicKey, mint)
  const destination = await tokenAccountOf(connection, recipient, mint)
  return [
    ...(destination.exists ? [] : [createAssociatedTokenAccountInstruction(transfer.from.publicKey, recipient, mint)]),
    splTransferInstruction(source.address, destination.address, transfer.from.publicKey, transfer.amount),
  ]
}

export async function sendSolanaTransfer(transfer: SolanaTransfer): Promise<string> {
  return sendSolanaInstructions(transfer.network.rpcUrl, transfer.from, [...(await transferInstructions(transfer)), memoInstruction(transfer.memo)])
}

/** What `owner` holds of `asset`: lamports, or USDC base units across its token accounts of the mint. */
export async function solanaBalance(network: SolanaNetwork, asset: FundingAsset, owner: string): Promise<bigint> {
  const connection = solanaConnection(network.rpcUrl)
  if (asset === 'native') return BigInt(await connection.getBalance(new PublicKey(owner)))
  if (!network.usdcMint) return 0n
  const { value } = await connection.getTokenAccountsByOwner(new PublicKey(owner), { mint: new PublicKey(network.usdcMint) })
  return value.reduce((total, { account }) => total + account.data.readBigUInt64LE(64), 0n)
}

/** Credits the stand-in's own keypair by the cluster's airdrop (the local endpoint and devnet both offer it). */
export async function airdrop(network: SolanaNetwork, to: PublicKey, lamports: bigint): Promise<void> {
  const connection = solanaConnection(network.rpcUrl)
  await waitForSignature(connection, await connection.requestAirdrop(to, Number(lamports)))
}
