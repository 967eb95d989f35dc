import {
  AddressLookupTableProgram,
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionInstruction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSolanaLocalnet, type SolanaLocalnet } from '../../../../server/src/test-support/litesvm-rpc.js'
import { decodeSolanaInstructions, type SplTokenInfoLookup } from './decode-instructions.js'
import { messageOf } from './transaction-shape.js'
import {
  associatedTokenAddress,
  closeAccount,
  createAssociatedTokenAccount,
  initializeAccount,
  initializeAccount2,
  initializeAccount3,
  setUpToken,
  syncNative,
  TOKEN_2022_PROGRAM_ID,
  transfer,
  transferChecked,
} from './test-support/spl-instructions.js'
import {
  JUPITER_V6_PROGRAM_ID,
  jupiterExactOutRoute,
  jupiterRoute,
  jupiterSharedAccountsRoute,
  raydiumSwap,
  RAYDIUM_AMM_V4_PROGRAM_ID,
} from './test-support/swap-instructions.js'

let localnet: SolanaLocalnet
let connection: Connection
const payer = Keypair.generate()
beforeAll(async () => {
  localnet = await startSolanaLocalnet({ slotMs: 50 })
  connection = new Connection(localnet.rpcUrl, 'confirmed')
  localnet.airdrop(payer.publicKey.toBase58(), 10n * BigInt(LAMPORTS_PER_SOL))
})
afterAll(async () => {
  await localnet.close()
})

/** The API's answer for one mint only; every other mint is unknown to it. */
const apiKnowing =
  (mint: PublicKey, info: { symbol: string; decimals: number }): SplTokenInfoLookup =>
  async (asked) =>
    asked === mint.toBase58() ? info : null

async function decode(transaction: Transaction | VersionedTransaction, splTokenInfo: SplTokenInfoLookup = async () => null, solUsd: number | null = null) {
  return decodeSolanaInstructions(messageOf(transaction), { connection, splTokenInfo, solUsd })
}

async function legacy(...instructions: TransactionInstruction[]) {
  return new Transaction({ feePayer: payer.publicKey, ...(await connection.getLatestBlockhash()) }).add(...instructions)
}

describe('decoding Solana instructions', () => {
  it('decodes System transfers and account creations, with USD for SOL amounts', async () => {
    const to = Keypair.generate().publicKey
    const account = Keypair.generate().publicKey
    const owner = Keypair.generate().publicKey
    const decoded = await decode(
      await legacy(
        SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: to, lamports: 1_500_000_000 }),
        SystemProgram.createAccount({ fromPubkey: payer.publicKey, newAccountPubkey: account, lamports: 2_039_280, space: 165, programId: owner }),
      ),
      undefined,
      100,
    )
    expect(decoded).toEqual([
      { type: 'sol-transfer', from: payer.publicKey.toBase58(), to: to.toBase58(), amount: { value: 1_500_000_000n, decimals: 9, symbol: 'SOL', usd: 150 } },
      {
        type: 'create-account',
        from: payer.publicKey.toBase58(),
        account: account.toBase58(),
        lamports: { value: 2_039_280n, decimals: 9, symbol: 'SOL', usd: 0.203928 },
        space: 165,
        owner: owner.toBase58(),
      },
    ])
  })

  it('decodes other System instruction types and other programs as unknown, by program id', async () => {
    const memo = new PublicKey('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr')
    const decoded = await decode(
      await legacy(
        SystemProgram.allocate({ accountPubkey: payer.publicKey, space: 10 }),
        new TransactionInstruction({ programId: memo, keys: [], data: Buffer.from('hello') }),
      ),
    )
    expect(decoded).toEqual([
      { type: 'unknown', programId: SystemProgram.programId.toBase58() },
      { type: 'unknown', programId: memo.toBase58() },
    ])
  })

  it('decodes TransferChecked with its mint and decimals, and the symbol from the API', async () => {
    const { mint, account } = await setUpToken(connection, payer, { decimals: 6, owner: payer.publicKey, amount: 10_000_000n })
    const destination = Keypair.generate().publicKey
    const decoded = await decode(
      await legacy(transferChecked(account, mint, destination, payer.publicKey, 2_500_000n, 6)),
      apiKnowing(mint, { symbol: 'USDC', decimals: 6 }),
    )
    expect(decoded).toEqual([
      {
        type: 'spl-transfer',
        from: account.toBase58(),
        to: destination.toBase58(),
        authority: payer.publicKey.toBase58(),
        mint: mint.toBase58(),
        amount: { value: 2_500_000n, decimals: 6, symbol: 'USDC', usd: null },
      },
    ])
  })

  it('finds the mint of a plain Transfer from the source token account and its decimals from the mint, on the chain (Token-2022 too)', async () => {
    const { mint, account } = await setUpToken(connection, payer, { decimals: 4, owner: payer.publicKey, amount: 50_000n, programId: TOKEN_2022_PROGRAM_ID })
    const destination = Keypair.generate().publicKey
    const decoded = await decode(await legacy(transfer(account, destination, payer.publicKey, 12_345n, TOKEN_2022_PROGRAM_ID)))
    // The API does not know this mint: the symbol is the shortened mint.
    const short = `${mint.toBase58().slice(0, 5)}…${mint.toBase58().slice(-4)}`
    expect(decoded).toEqual([
      {
        type: 'spl-transfer',
        from: account.toBase58(),
        to: destination.toBase58(),
        authority: payer.publicKey.toBase58(),
        mint: mint.toBase58(),
        amount: { value: 12_345n, decimals: 4, symbol: short, usd: null },
      },
    ])
  })

  it('decodes ATA creation (create and idempotent), account initialisation 1/2/3, close and sync-native', async () => {
    const mint = Keypair.generate().publicKey
    const owner = Keypair.generate().publicKey
    const account = Keypair.generate().publicKey
    const ata = associatedTokenAddress(owner, mint)
    const decoded = await decode(
      await legacy(
        createAssociatedTokenAccount(payer.publicKey, owner, mint),
        createAssociatedTokenAccount(payer.publicKey, owner, mint, { idempotent: true }),
        initializeAccount(account, mint, owner),
        initializeAccount2(account, mint, owner),
        initializeAccount3(account, mint, owner, TOKEN_2022_PROGRAM_ID),
        closeAccount(account, payer.publicKey, owner),
        syncNative(account),
      ),
    )
    const created = { type: 'ata-creation', owner: owner.toBase58(), mint: mint.toBase58(), account: ata.toBase58() }
    const initialised = { type: 'spl-init-account', account: account.toBase58(), mint: mint.toBase58(), owner: owner.toBase58() }
    expect(decoded).toEqual([
      created,
      created,
      initialised,
      initialised,
      initialised,
      { type: 'spl-close-account', account: account.toBase58(), destination: payer.publicKey.toBase58() },
      { type: 'spl-sync-native', account: account.toBase58() },
    ])
  })

  it('takes the mint of a token account created in the same transaction from its creating instruction', async () => {
    const { mint, account } = await setUpToken(connection, payer, { decimals: 2, owner: payer.publicKey, amount: 1000n })
    const owner = Keypair.generate().publicKey
    const ata = associatedTokenAddress(owner, mint)
    const decoded = await decode(
      await legacy(
        createAssociatedTokenAccount(payer.publicKey, owner, mint),
        // A transfer out of the new account (it has no tokens yet: decoding does not run the transaction).
        transfer(ata, account, owner, 5n),
      ),
      apiKnowing(mint, { symbol: 'TWO', decimals: 2 }),
    )
    expect(decoded[1]).toMatchObject({ type: 'spl-transfer', mint: mint.toBase58(), amount: { value: 5n, decimals: 2, symbol: 'TWO' } })
  })

  it('decodes Raydium AMM v4 and Jupiter v6 swaps: the amounts, the authority, and the mints named or read off the token accounts', async () => {
    const { mint: usdc, account: source } = await setUpToken(connection, payer, { decimals: 6, owner: payer.publicKey, amount: 10_000_000n })
    const { mint: bonk, account: destination } = await setUpToken(connection, payer, { decimals: 5, owner: payer.publicKey, amount: 0n })
    const user = { authority: payer.publicKey, owner: payer.publicKey, source, destination, sourceMint: usdc, destinationMint: bonk }
    const api: SplTokenInfoLookup = async (mint) =>
      mint === usdc.toBase58() ? { symbol: 'USDC', decimals: 6 } : mint === bonk.toBase58() ? { symbol: 'BONK', decimals: 5 } : null
    const decoded = await decode(
      await legacy(
        raydiumSwap('base-in', user, 2_000_000n, 150_000_000n),
        raydiumSwap('base-out', user, 2_100_000n, 150_000_000n),
        jupiterRoute(user, 3_000_000n, 220_000_000n),
        jupiterSharedAccountsRoute(user, 4_000_000n, 300_000_000n),
        jupiterExactOutRoute(user, 500_000_000n, 7_000_000n),
      ),
      api,
    )
    const swap = (type: string, valueIn: bigint, valueOut: bigint) => ({
      type,
      authority: payer.publicKey.toBase58(),
      inputMint: usdc.toBase58(),
      outputMint: bonk.toBase58(),
      amountIn: { value: valueIn, decimals: 6, symbol: 'USDC', usd: null },
      amountOut: { value: valueOut, decimals: 5, symbol: 'BONK', usd: null },
    })
    expect(decoded).toEqual([
      swap('raydium-swap', 2_000_000n, 150_000_000n),
      swap('raydium-swap', 2_100_000n, 150_000_000n),
      swap('jupiter-swap', 3_000_000n, 220_000_000n),
      swap('jupiter-swap', 4_000_000n, 300_000_000n),
      swap('jupiter-swap', 7_000_000n, 500_000_000n),
    ])
  })

  it('leaves a swap whose token accounts are not on the chain without mints, and other instructions of those programs unknown', async () => {
    const missing = { authority: payer.publicKey, owner: payer.publicKey, source: Keypair.generate().publicKey, destination: Keypair.generate().publicKey }
    const decoded = await decode(
      await legacy(
        raydiumSwap('base-in', missing, 5n, 6n),
        new TransactionInstruction({ programId: RAYDIUM_AMM_V4_PROGRAM_ID, keys: [], data: Buffer.from([1, 2, 3]) }),
        new TransactionInstruction({ programId: JUPITER_V6_PROGRAM_ID, keys: [], data: Buffer.from([228, 85, 185, 112, 78, 79, 77, 2]) }),
      ),
    )
    expect(decoded).toEqual([
      {
        type: 'raydium-swap',
        authority: payer.publicKey.toBase58(),
        inputMint: null,
        outputMint: null,
        amountIn: { value: 5n, decimals: 0, symbol: '', usd: null },
        amountOut: { value: 6n, decimals: 0, symbol: '', usd: null },
      },
      { type: 'unknown', programId: RAYDIUM_AMM_V4_PROGRAM_ID.toBase58() },
      { type: 'unknown', programId: JUPITER_V6_PROGRAM_ID.toBase58() },
    ])
  })

  it('decodes a versioned transaction, resolving an address lookup table', async () => {
    const to = Keypair.generate().publicKey
    const table = Keypair.generate().publicKey
    // An active lookup table holding `to` (the program's account layout: 56 bytes of metadata, then the addresses).
    const data = new Uint8Array(56 + 32)
    const view = new DataView(data.buffer)
    view.setUint32(0, 1, true)
    view.setBigUint64(4, 2n ** 64n - 1n, true)
    data[21] = 1
    data.set(payer.publicKey.toBytes(), 22)
    data.set(to.toBytes(), 56)
    localnet.svm.setAccount({
      address: table.toBase58() as never,
      data,
      executable: false,
      lamports: 10_000_000n as never,
      programAddress: AddressLookupTableProgram.programId.toBase58() as never,
      space: BigInt(data.length),
    })
    const lookupTable = (await connection.getAddressLookupTable(table)).value!
    const message = new TransactionMessage({
      payerKey: payer.publicKey,
      recentBlockhash: (await connection.getLatestBlockhash()).blockhash,
      instructions: [SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: to, lamports: 7 })],
    }).compileToV0Message([lookupTable])
    expect(message.addressTableLookups).toHaveLength(1)
    expect(await decode(new VersionedTransaction(message))).toEqual([
      { type: 'sol-transfer', from: payer.publicKey.toBase58(), to: to.toBase58(), amount: { value: 7n, decimals: 9, symbol: 'SOL', usd: null } },
    ])
  })
})
