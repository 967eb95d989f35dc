/**
 * SPL Token and Associated Token Account instructions for the tests, encoded by hand (the layouts of the token
 * program's `TokenInstruction` enum and the ATA program), so the decoder is checked against bytes it did not write.
 */
import { Keypair, PublicKey, SystemProgram, SYSVAR_RENT_PUBKEY, Transaction, TransactionInstruction, type Connection } from '@solana/web3.js'
import { submitSolanaTransaction } from '../submit-solana-transaction.js'

export const TOKEN_PROGRAM_ID = new PublicKey('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')
export const TOKEN_2022_PROGRAM_ID = new PublicKey('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb')
export const ASSOCIATED_TOKEN_PROGRAM_ID = new PublicKey('ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL')

export const MINT_SIZE = 82
export const TOKEN_ACCOUNT_SIZE = 165

export const u64 = (value: bigint) => {
  const bytes = Buffer.alloc(8)
  bytes.writeBigUInt64LE(value)
  return bytes
}
export const meta = (pubkey: PublicKey, isSigner = false, isWritable = false) => ({ pubkey, isSigner, isWritable })
const token = (keys: ReturnType<typeof meta>[], data: Buffer, programId = TOKEN_PROGRAM_ID) => new TransactionInstruction({ programId, keys, data })

/** InitializeMint2 (20): no freeze authority. */
export const initializeMint2 = (mint: PublicKey, decimals: number, authority: PublicKey, programId = TOKEN_PROGRAM_ID) =>
  token([meta(mint, false, true)], Buffer.concat([Buffer.from([20, decimals]), authority.toBuffer(), Buffer.from([0])]), programId)

/** InitializeAccount (1): the owner is an account, the rent sysvar is passed. */
export const initializeAccount = (account: PublicKey, mint: PublicKey, owner: PublicKey, programId = TOKEN_PROGRAM_ID) =>
  token([meta(account, false, true), meta(mint, false, false), meta(owner, false, false), meta(SYSVAR_RENT_PUBKEY, false, false)], Buffer.from([1]), programId)

/** InitializeAccount2 (16): the owner in the data, the rent sysvar passed. */
export const initializeAccount2 = (account: PublicKey, mint: PublicKey, owner: PublicKey, programId = TOKEN_PROGRAM_ID) =>
  token(
    [meta(account, false, true), meta(mint, false, false), meta(SYSVAR_RENT_PUBKEY, false, false)],
    Buffer.concat([Buffer.from([16]), owner.toBuffer()]),
    programId,
  )

/** InitializeAccount3 (18): the owner in the data, no sysvar. */
export const initializeAccount3 = (account: PublicKey, mint: PublicKey, owner: PublicKey, programId = TOKEN_PROGRAM_ID) =>
  token([meta(account, false, true), meta(mint, false, false)], Buffer.concat([Buffer.from([18]), owner.toBuffer()]), programId)

/** MintTo (7). */
export const mintTo = (mint: PublicKey, account: PublicKey, authority: PublicKey, amount: bigint, programId = TOKEN_PROGRAM_ID) =>
  token([meta(mint, false, true), meta(account, false, true), meta(authority, true, false)], Buffer.concat([Buffer.from([7]), u64(amount)]), programId)

/** Transfer (3). */
export const transfer = (source: PublicKey, destination: PublicKey, authority: PublicKey, amount: bigint, programId = TOKEN_PROGRAM_ID) =>
  token([meta(source, false, true), meta(destination, false, true), meta(authority, true, false)], Buffer.concat([Buffer.from([3]), u64(amount)]), programId)

/** TransferChecked (12): the mint and decimals ride along. */
export const transferChecked = (
  source: PublicKey,
  mint: PublicKey,
  destination: PublicKey,
  authority: PublicKey,
  amount: bigint,
  decimals: number,
  programId = TOKEN_PROGRAM_ID,
) =>
  token(
    [meta(source, false, true), meta(mint, false, false), meta(destination, false, true), meta(authority, true, false)],
    Buffer.concat([Buffer.from([12]), u64(amount), Buffer.from([decimals])]),
    programId,
  )

/** CloseAccount (9). */
export const closeAccount = (account: PublicKey, destination: PublicKey, authority: PublicKey, programId = TOKEN_PROGRAM_ID) =>
  token([meta(account, false, true), meta(destination, false, true), meta(authority, true, false)], Buffer.from([9]), programId)

/** SyncNative (17). */
export const syncNative = (account: PublicKey, programId = TOKEN_PROGRAM_ID) => token([meta(account, false, true)], Buffer.from([17]), programId)

/** The associated token account of `owner` for `mint`: the ATA program's address derivation. */
export const associatedTokenAddress = (owner: PublicKey, mint: PublicKey, programId = TOKEN_PROGRAM_ID) =>
  PublicKey.findProgramAddressSync([owner.toBuffer(), programId.toBuffer(), mint.toBuffer()], ASSOCIATED_TOKEN_PROGRAM_ID)[0]

/** The ATA program's Create (empty data, as older clients send it) or CreateIdempotent (1). */
export function createAssociatedTokenAccount(
  payer: PublicKey,
  owner: PublicKey,
  mint: PublicKey,
  options: { idempotent?: boolean; programId?: PublicKey } = {},
) {
  const programId = options.programId ?? TOKEN_PROGRAM_ID
  return new TransactionInstruction({
    programId: ASSOCIATED_TOKEN_PROGRAM_ID,
    keys: [
      meta(payer, true, true),
      meta(associatedTokenAddress(owner, mint, programId), false, true),
      meta(owner, false, false),
      meta(mint, false, false),
      meta(SystemProgram.programId, false, false),
      meta(programId, false, false),
    ],
    data: options.idempotent ? Buffer.from([1]) : Buffer.alloc(0),
  })
}

/**
 * A mint of `decimals` on the chain, and a token account of it for `owner` holding `amount`, set up by `payer`
 * through the RPC (legacy transaction, polled to confirmation).
 */
export async function setUpToken(
  connection: Connection,
  payer: Keypair,
  options: { decimals: number; owner: PublicKey; amount: bigint; programId?: PublicKey },
): Promise<{ mint: PublicKey; account: PublicKey }> {
  const programId = options.programId ?? TOKEN_PROGRAM_ID
  const mint = Keypair.generate()
  const account = Keypair.generate()
  const [mintRent, accountRent] = await Promise.all([
    connection.getMinimumBalanceForRentExemption(MINT_SIZE),
    connection.getMinimumBalanceForRentExemption(TOKEN_ACCOUNT_SIZE),
  ])
  const transaction = new Transaction({ feePayer: payer.publicKey, ...(await connection.getLatestBlockhash()) }).add(
    SystemProgram.createAccount({ fromPubkey: payer.publicKey, newAccountPubkey: mint.publicKey, lamports: mintRent, space: MINT_SIZE, programId }),
    initializeMint2(mint.publicKey, options.decimals, payer.publicKey, programId),
    SystemProgram.createAccount({
      fromPubkey: payer.publicKey,
      newAccountPubkey: account.publicKey,
      lamports: accountRent,
      space: TOKEN_ACCOUNT_SIZE,
      programId,
    }),
    initializeAccount3(account.publicKey, mint.publicKey, options.owner, programId),
    mintTo(mint.publicKey, account.publicKey, payer.publicKey, options.amount, programId),
  )
  transaction.sign(payer, mint, account)
  await submitSolanaTransaction(connection, transaction.serialize(), { confirmPollMs: 20 })
  return { mint: mint.publicKey, account: account.publicKey }
}
