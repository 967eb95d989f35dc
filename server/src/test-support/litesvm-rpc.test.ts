import {
  ComputeBudgetProgram,
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  SendTransactionError,
  SystemProgram,
  Transaction,
  TransactionInstruction,
  TransactionMessage,
  VersionedTransaction,
  type TransactionSignature,
} from '@solana/web3.js'
import { getBase58Codec } from '@solana/kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ANVIL_FIRST_ACCOUNT,
  DEV_SOLANA_ACCOUNT_COUNT,
  DEV_SOLANA_ACCOUNT_LAMPORTS,
  devSolanaKeypair,
  fundAddress,
  fundDevSolanaAccounts,
} from '../../../test/harness/local-chains.js'
import { startAnvil } from './anvil.js'
import { startSolanaLocalnet, type SolanaLocalnet } from './litesvm-rpc.js'

const TOKEN_PROGRAM = new PublicKey('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')
const base58 = getBase58Codec()

let localnet: SolanaLocalnet
let connection: Connection

beforeAll(async () => {
  localnet = await startSolanaLocalnet()
  // No websocket endpoint: confirmation in these tests polls getSignatureStatuses, as the embedded wallet does.
  connection = new Connection(localnet.rpcUrl, { commitment: 'confirmed', disableRetryOnRateLimit: true })
})
afterAll(() => localnet.close())

async function rpc(method: string, params: unknown[] = []) {
  const response = await fetch(localnet.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return (await response.json()) as { result?: any; error?: { code: number; message: string; data?: any } }
}

async function confirmed(signature: TransactionSignature) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const { value } = await connection.getSignatureStatuses([signature])
    if (value[0]?.confirmationStatus === 'confirmed' || value[0]?.confirmationStatus === 'finalized') return value[0]
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`${signature} was not confirmed`)
}

async function fundedKeypair(sol = 2) {
  const keypair = Keypair.generate()
  await confirmed(await connection.requestAirdrop(keypair.publicKey, sol * LAMPORTS_PER_SOL))
  return keypair
}

async function signedTransfer(from: Keypair, to: PublicKey, lamports: number, extra: TransactionInstruction[] = []) {
  const { blockhash } = await connection.getLatestBlockhash()
  const transaction = new Transaction({ feePayer: from.publicKey, recentBlockhash: blockhash }).add(
    ...extra,
    SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: to, lamports }),
  )
  transaction.sign(from)
  return transaction
}

describe('the local Solana endpoint, through @solana/web3.js Connection', () => {
  it('describes the cluster: health, version, genesis hash, advancing slots and epoch info', async () => {
    expect(await rpc('getHealth')).toMatchObject({ result: 'ok' })
    expect((await connection.getVersion())['solana-core']).toMatch(/^litesvm-\d+\.\d+\.\d+$/)
    expect(await connection.getGenesisHash()).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
    const slot = await connection.getSlot()
    await new Promise((resolve) => setTimeout(resolve, 450))
    expect(await connection.getSlot()).toBeGreaterThan(slot)
    const epoch = await connection.getEpochInfo()
    expect(epoch).toMatchObject({ epoch: 0, slotsInEpoch: 432_000 })
    expect(epoch.blockHeight).toBe(epoch.absoluteSlot)
    expect(await connection.getBlockHeight()).toBeGreaterThanOrEqual(epoch.absoluteSlot)
    expect(await connection.getMinimumBalanceForRentExemption(0)).toBe(890_880)
  })

  it('airdrops, transfers SOL signed by a keypair, and reports the receipt with the fee getFeeForMessage announced', async () => {
    const sender = await fundedKeypair()
    expect(await connection.getBalance(sender.publicKey)).toBe(2 * LAMPORTS_PER_SOL)
    const recipient = Keypair.generate().publicKey
    const transaction = await signedTransfer(sender, recipient, 0.25 * LAMPORTS_PER_SOL)
    const fee = (await connection.getFeeForMessage(transaction.compileMessage())).value
    expect(fee).toBe(5000)

    const signature = await connection.sendRawTransaction(transaction.serialize())
    expect(await confirmed(signature)).toMatchObject({ err: null, confirmationStatus: 'finalized' })
    expect(await connection.getBalance(recipient)).toBe(0.25 * LAMPORTS_PER_SOL)
    expect(await connection.getBalance(sender.publicKey)).toBe(2 * LAMPORTS_PER_SOL - 0.25 * LAMPORTS_PER_SOL - fee!)

    const receipt = await connection.getTransaction(signature, { maxSupportedTransactionVersion: 0, commitment: 'confirmed' })
    expect(receipt?.meta).toMatchObject({ err: null, fee: 5000 })
    expect(receipt?.meta?.postBalances[1]).toBe(0.25 * LAMPORTS_PER_SOL)
    expect(receipt?.meta?.logMessages).toContain('Program 11111111111111111111111111111111 success')
    expect(receipt?.transaction.signatures[0]).toBe(signature)
    expect(receipt?.transaction.message.staticAccountKeys.map(String)).toEqual([
      sender.publicKey.toBase58(),
      recipient.toBase58(),
      SystemProgram.programId.toBase58(),
    ])
    expect(await connection.getTransaction(`${Keypair.generate().publicKey.toBase58()}1111`, { maxSupportedTransactionVersion: 0 })).toBeNull()
  })

  it("lists an address's signatures newest first with their memos, paged by before and until", async () => {
    const sender = await fundedKeypair()
    const watched = Keypair.generate().publicKey
    const memo = new TransactionInstruction({
      programId: new PublicKey('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr'),
      keys: [],
      data: Buffer.from('request 1'),
    })
    const first = await connection.sendRawTransaction((await signedTransfer(sender, watched, 1_000_000, [memo])).serialize())
    await confirmed(first)
    localnet.advanceBlocks(1)
    const second = await connection.sendRawTransaction((await signedTransfer(sender, watched, 2_000_000)).serialize())
    await confirmed(second)
    const all = await connection.getSignaturesForAddress(watched)
    expect(all.map((entry) => entry.signature)).toEqual([second, first])
    expect(all[1]).toMatchObject({ err: null, memo: '[9] request 1', confirmationStatus: 'finalized' })
    expect(all[0]!.memo).toBeNull()
    expect((await connection.getSignaturesForAddress(watched, { until: first })).map((entry) => entry.signature)).toEqual([second])
    expect((await connection.getSignaturesForAddress(watched, { before: second })).map((entry) => entry.signature)).toEqual([first])
    expect((await connection.getSignaturesForAddress(watched, { limit: 1 })).map((entry) => entry.signature)).toEqual([second])
    expect(await connection.getSignaturesForAddress(Keypair.generate().publicKey)).toEqual([])
    expect((await rpc('getSignaturesForAddress', [watched.toBase58(), { limit: 5000 }])).error?.code).toBe(-32602)
  })

  it('charges the priority fee it announces for a compute-unit price', async () => {
    const sender = await fundedKeypair()
    const transaction = await signedTransfer(sender, Keypair.generate().publicKey, 1_000_000, [
      ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 2_000_000 }),
    ])
    const fee = (await connection.getFeeForMessage(transaction.compileMessage())).value!
    // 5,000 a signature + 2 lamports a unit × 6,000 units (two builtin instructions at 3,000 each).
    expect(fee).toBe(5000 + 12_000)
    await confirmed(await connection.sendRawTransaction(transaction.serialize()))
    expect(await connection.getBalance(sender.publicKey)).toBe(2 * LAMPORTS_PER_SOL - 1_000_000 - fee)
  })

  it('refuses a transfer beyond the balance at preflight like a validator, charging nothing', async () => {
    const sender = await fundedKeypair(1)
    const transaction = await signedTransfer(sender, Keypair.generate().publicKey, 5 * LAMPORTS_PER_SOL)
    const failure = await connection.sendRawTransaction(transaction.serialize()).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(SendTransactionError)
    expect((failure as SendTransactionError).message).toContain('Transaction simulation failed: Error processing Instruction 0: custom program error: 0x1')
    expect((failure as SendTransactionError).transactionError.logs?.join('\n')).toContain('insufficient lamports')
    expect(await connection.getBalance(sender.publicKey)).toBe(LAMPORTS_PER_SOL)
    expect((await connection.getSignatureStatuses([base58.decode(transaction.signature!)])).value[0]).toBeNull()
  })

  it('lands a failing transaction sent without preflight: its status carries the error and the fee is paid', async () => {
    const sender = await fundedKeypair(1)
    const transaction = await signedTransfer(sender, Keypair.generate().publicKey, 5 * LAMPORTS_PER_SOL)
    const signature = await connection.sendRawTransaction(transaction.serialize(), { skipPreflight: true })
    expect(await confirmed(signature)).toMatchObject({ err: { InstructionError: [0, { Custom: 1 }] } })
    expect(await connection.getBalance(sender.publicKey)).toBe(LAMPORTS_PER_SOL - 5000)
    const receipt = await connection.getTransaction(signature, { maxSupportedTransactionVersion: 0 })
    expect(receipt?.meta?.err).toEqual({ InstructionError: [0, { Custom: 1 }] })
  })

  it('refuses a transaction sent twice, and one whose signature does not verify', async () => {
    const sender = await fundedKeypair()
    const transaction = await signedTransfer(sender, Keypair.generate().publicKey, 1000_000)
    await confirmed(await connection.sendRawTransaction(transaction.serialize()))
    await expect(connection.sendRawTransaction(transaction.serialize())).rejects.toThrow('This transaction has already been processed')

    const forged = (await signedTransfer(sender, Keypair.generate().publicKey, 2000_000)).serialize()
    forged[10]! ^= 1
    const failure = await rpc('sendTransaction', [forged.toString('base64'), { encoding: 'base64' }])
    expect(failure.error).toEqual({ code: -32003, message: 'Transaction signature verification failure' })
  })

  it('expires blockhashes 150 blocks after they were handed out: a stale one fails, a fresh one lands', async () => {
    const sender = await fundedKeypair()
    const stale = await signedTransfer(sender, Keypair.generate().publicKey, 1000_000)
    const { lastValidBlockHeight } = await connection.getLatestBlockhash()
    expect(lastValidBlockHeight).toBe((await connection.getBlockHeight()) + 150)
    expect((await connection.isBlockhashValid(stale.recentBlockhash!)).value).toBe(true)

    localnet.advanceBlocks(151)
    expect((await connection.isBlockhashValid(stale.recentBlockhash!)).value).toBe(false)
    expect((await connection.getFeeForMessage(stale.compileMessage())).value).toBeNull()
    await expect(connection.sendRawTransaction(stale.serialize())).rejects.toThrow('Transaction simulation failed: Blockhash not found')
    // Without preflight the leader drops it: the signature never gets a status.
    const dropped = await connection.sendRawTransaction(stale.serialize(), { skipPreflight: true })
    expect((await connection.getSignatureStatuses([dropped])).value[0]).toBeNull()

    const fresh = await signedTransfer(sender, Keypair.generate().publicKey, 1000_000)
    expect(await confirmed(await connection.sendRawTransaction(fresh.serialize()))).toMatchObject({ err: null })
  })

  it('sends a version 0 transaction, base58 too, and asks for maxSupportedTransactionVersion to read it', async () => {
    const sender = await fundedKeypair()
    const recipient = Keypair.generate().publicKey
    const { blockhash } = await connection.getLatestBlockhash()
    const message = new TransactionMessage({
      payerKey: sender.publicKey,
      recentBlockhash: blockhash,
      instructions: [SystemProgram.transfer({ fromPubkey: sender.publicKey, toPubkey: recipient, lamports: 3_000_000 })],
    }).compileToV0Message()
    const transaction = new VersionedTransaction(message)
    transaction.sign([sender])
    const sent = await rpc('sendTransaction', [base58.decode(transaction.serialize())])
    await confirmed(sent.result)
    expect(await connection.getBalance(recipient)).toBe(3_000_000)
    expect((await rpc('getTransaction', [sent.result])).error?.code).toBe(-32015)
    const receipt = await connection.getTransaction(sent.result, { maxSupportedTransactionVersion: 0 })
    expect(receipt?.version).toBe(0)
    expect(receipt?.transaction.message.recentBlockhash).toBe(blockhash)
  })

  it('simulates an unsigned transaction with its logs, and with sigVerify refuses it', async () => {
    const sender = await fundedKeypair()
    const { blockhash } = await connection.getLatestBlockhash()
    const transaction = new Transaction({ feePayer: sender.publicKey, recentBlockhash: blockhash }).add(
      SystemProgram.transfer({ fromPubkey: sender.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 1_000_000 }),
    )
    const simulation = await connection.simulateTransaction(transaction)
    expect(simulation.value).toMatchObject({ err: null, unitsConsumed: 150 })
    expect(simulation.value.logs).toContain('Program 11111111111111111111111111111111 success')
    expect(await connection.getBalance(sender.publicKey)).toBe(2 * LAMPORTS_PER_SOL)
    const unsigned = transaction.serialize({ requireAllSignatures: false }).toString('base64')
    expect((await rpc('simulateTransaction', [unsigned, { encoding: 'base64', sigVerify: true }])).error?.code).toBe(-32003)
    const replaced = await rpc('simulateTransaction', [unsigned, { encoding: 'base64', replaceRecentBlockhash: true }])
    expect(replaced.result.value.replacementBlockhash.blockhash).toMatch(/^[1-9A-HJ-NP-Za-km-z]+$/)
    // Requested accounts come back as the transaction would leave them, while the chain keeps them unchanged.
    const recipient = transaction.instructions[0]!.keys[1]!.pubkey.toBase58()
    const withAccounts = await rpc('simulateTransaction', [
      unsigned,
      { encoding: 'base64', accounts: { addresses: [sender.publicKey.toBase58(), recipient], encoding: 'base64' } },
    ])
    expect(withAccounts.result.value.accounts.map((account: { lamports: number }) => account.lamports)).toEqual([
      2 * LAMPORTS_PER_SOL - 1_000_000 - 5000,
      1_000_000,
    ])
    expect(await connection.getBalance(new PublicKey(recipient))).toBe(0)
  })

  it('ships the SPL token program: a mint, token accounts, mint-to and transfer, read back raw and jsonParsed', async () => {
    const payer = await fundedKeypair()
    const mint = Keypair.generate()
    const alice = Keypair.generate().publicKey
    const bob = Keypair.generate().publicKey
    const aliceToken = Keypair.generate()
    const bobToken = Keypair.generate()
    const mintRent = await connection.getMinimumBalanceForRentExemption(82)
    const accountRent = await connection.getMinimumBalanceForRentExemption(165)
    const u64 = (value: bigint) => Buffer.from(new BigUint64Array([value]).buffer)
    const tokenInstruction = (keys: [PublicKey, boolean, boolean][], data: Buffer) =>
      new TransactionInstruction({ programId: TOKEN_PROGRAM, keys: keys.map(([pubkey, isSigner, isWritable]) => ({ pubkey, isSigner, isWritable })), data })
    const { blockhash } = await connection.getLatestBlockhash()
    const setup = new Transaction({ feePayer: payer.publicKey, recentBlockhash: blockhash }).add(
      SystemProgram.createAccount({ fromPubkey: payer.publicKey, newAccountPubkey: mint.publicKey, lamports: mintRent, space: 82, programId: TOKEN_PROGRAM }),
      // InitializeMint2: 6 decimals, the payer as mint authority, no freeze authority.
      tokenInstruction([[mint.publicKey, false, true]], Buffer.concat([Buffer.from([20, 6]), payer.publicKey.toBuffer(), Buffer.from([0])])),
      ...[
        [aliceToken, alice],
        [bobToken, bob],
      ].flatMap(([account, owner]) => [
        SystemProgram.createAccount({
          fromPubkey: payer.publicKey,
          newAccountPubkey: (account as Keypair).publicKey,
          lamports: accountRent,
          space: 165,
          programId: TOKEN_PROGRAM,
        }),
        // InitializeAccount3 with its owner.
        tokenInstruction(
          [
            [(account as Keypair).publicKey, false, true],
            [mint.publicKey, false, false],
          ],
          Buffer.concat([Buffer.from([18]), (owner as PublicKey).toBuffer()]),
        ),
      ]),
      // MintTo 5 tokens (5,000,000 base units) to Alice.
      tokenInstruction(
        [
          [mint.publicKey, false, true],
          [aliceToken.publicKey, false, true],
          [payer.publicKey, true, false],
        ],
        Buffer.concat([Buffer.from([7]), u64(5_000_000n)]),
      ),
    )
    setup.sign(payer, mint, aliceToken, bobToken)
    await confirmed(await connection.sendRawTransaction(setup.serialize()))

    expect((await connection.getTokenAccountBalance(aliceToken.publicKey)).value).toEqual({ amount: '5000000', decimals: 6, uiAmount: 5, uiAmountString: '5' })

    // Transfer needs the owner's signature: give Alice a keypair-backed account this time.
    const aliceOwner = await fundedKeypair(1)
    const ownedToken = Keypair.generate()
    const { blockhash: next } = await connection.getLatestBlockhash()
    const fundOwned = new Transaction({ feePayer: payer.publicKey, recentBlockhash: next }).add(
      SystemProgram.createAccount({
        fromPubkey: payer.publicKey,
        newAccountPubkey: ownedToken.publicKey,
        lamports: accountRent,
        space: 165,
        programId: TOKEN_PROGRAM,
      }),
      tokenInstruction(
        [
          [ownedToken.publicKey, false, true],
          [mint.publicKey, false, false],
        ],
        Buffer.concat([Buffer.from([18]), aliceOwner.publicKey.toBuffer()]),
      ),
      tokenInstruction(
        [
          [mint.publicKey, false, true],
          [ownedToken.publicKey, false, true],
          [payer.publicKey, true, false],
        ],
        Buffer.concat([Buffer.from([7]), u64(2_500_000n)]),
      ),
    )
    fundOwned.sign(payer, ownedToken)
    await confirmed(await connection.sendRawTransaction(fundOwned.serialize()))
    const transfer = new Transaction({ feePayer: aliceOwner.publicKey, recentBlockhash: (await connection.getLatestBlockhash()).blockhash }).add(
      // Transfer 1.25 tokens to Bob's account.
      tokenInstruction(
        [
          [ownedToken.publicKey, false, true],
          [bobToken.publicKey, false, true],
          [aliceOwner.publicKey, true, false],
        ],
        Buffer.concat([Buffer.from([3]), u64(1_250_000n)]),
      ),
    )
    transfer.sign(aliceOwner)
    await confirmed(await connection.sendRawTransaction(transfer.serialize()))

    expect((await connection.getTokenAccountBalance(bobToken.publicKey)).value.uiAmountString).toBe('1.25')
    expect((await connection.getTokenAccountBalance(ownedToken.publicKey)).value.amount).toBe('1250000')
    const parsed = await connection.getParsedAccountInfo(bobToken.publicKey)
    expect(parsed.value?.data).toMatchObject({
      program: 'spl-token',
      parsed: {
        type: 'account',
        info: { mint: mint.publicKey.toBase58(), owner: bob.toBase58(), state: 'initialized', tokenAmount: { amount: '1250000', decimals: 6 } },
      },
      space: 165,
    })
    const parsedMint = await connection.getParsedAccountInfo(mint.publicKey)
    expect(parsedMint.value?.data).toMatchObject({
      parsed: { type: 'mint', info: { decimals: 6, supply: '7500000', mintAuthority: payer.publicKey.toBase58(), freezeAuthority: null } },
    })
    const raw = await connection.getAccountInfo(mint.publicKey)
    expect(raw?.owner.equals(TOKEN_PROGRAM)).toBe(true)
    expect(raw?.data.length).toBe(82)

    const byMint = await connection.getTokenAccountsByOwner(bob, { mint: mint.publicKey })
    expect(byMint.value.map((entry) => entry.pubkey.toBase58())).toEqual([bobToken.publicKey.toBase58()])
    const byProgram = await connection.getParsedTokenAccountsByOwner(aliceOwner.publicKey, { programId: TOKEN_PROGRAM })
    expect(byProgram.value.map((entry) => entry.account.data.parsed.info.tokenAmount.uiAmount)).toEqual([1.25])
    const multiple = await connection.getMultipleAccountsInfo([mint.publicKey, Keypair.generate().publicKey])
    expect(multiple.map((account) => account?.data.length ?? null)).toEqual([82, null])
  })
})

describe('the JSON-RPC layer', () => {
  it('answers unknown methods, bad requests, bad addresses and batches like a validator', async () => {
    expect((await rpc('getRecentBlockhash')).error).toEqual({ code: -32601, message: 'Method not found' })
    expect((await rpc('getBalance', ['not-a-key'])).error?.code).toBe(-32602)
    expect((await rpc('requestAirdrop', [Keypair.generate().publicKey.toBase58(), -1])).error?.code).toBe(-32602)
    expect((await rpc('sendTransaction', ['%%%', { encoding: 'base64' }])).error?.code).toBe(-32602)
    const parseError = await fetch(localnet.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' })
    expect(await parseError.json()).toMatchObject({ error: { code: -32700 } })
    const batch = await fetch(localnet.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([
        { jsonrpc: '2.0', id: 1, method: 'getHealth' },
        { jsonrpc: '2.0', id: 2, method: 'nope', params: [] },
      ]),
    })
    expect(await batch.json()).toEqual([
      { jsonrpc: '2.0', id: 1, result: 'ok' },
      { jsonrpc: '2.0', id: 2, error: { code: -32601, message: 'Method not found' } },
    ])
  })

  it('is open to browser pages: CORS preflight and headers on every answer', async () => {
    const preflight = await fetch(localnet.rpcUrl, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, solana-client' },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
    expect(preflight.headers.get('access-control-allow-headers')).toBe('*')
    const health = await fetch(`${localnet.rpcUrl}/health`)
    expect(await health.text()).toBe('ok')
  })
})

describe('dev funding on both local chains (test/harness/local-chains.ts)', () => {
  it('funds the fixed dev keypairs and credits any address on anvil and on the Solana endpoint', async () => {
    const anvil = await startAnvil()
    try {
      const keypairs = fundDevSolanaAccounts(localnet)
      expect(keypairs.map((keypair) => keypair.publicKey.toBase58())).toEqual(
        Array.from({ length: DEV_SOLANA_ACCOUNT_COUNT }, (_, index) => devSolanaKeypair(index).publicKey.toBase58()),
      )
      expect(await connection.getBalance(keypairs[0]!.publicKey)).toBe(Number(DEV_SOLANA_ACCOUNT_LAMPORTS))

      const solanaAddress = Keypair.generate().publicKey.toBase58()
      await fundAddress({ anvil, solana: localnet }, solanaAddress, 3n * BigInt(LAMPORTS_PER_SOL))
      await fundAddress({ anvil, solana: localnet }, solanaAddress, 1n)
      expect(await connection.getBalance(new PublicKey(solanaAddress))).toBe(3 * LAMPORTS_PER_SOL + 1)

      const ethereumBalance = async (address: string) => {
        const response = await fetch(anvil.rpcUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getBalance', params: [address, 'latest'] }),
        })
        return BigInt(((await response.json()) as { result: string }).result)
      }
      const ethereumAddress = `0x${Buffer.from(Keypair.generate().publicKey.toBytes().subarray(0, 20)).toString('hex')}`
      await fundAddress({ anvil, solana: localnet }, ethereumAddress, 10n ** 18n)
      await fundAddress({ anvil, solana: localnet }, ethereumAddress, 5n)
      expect(await ethereumBalance(ethereumAddress)).toBe(10n ** 18n + 5n)
      expect(await ethereumBalance(ANVIL_FIRST_ACCOUNT)).toBe(10_000n * 10n ** 18n)
    } finally {
      await anvil.stop()
    }
  })

  it('credits an address on the second anvil (its own chain id) when asked for that chain, and on no other', async () => {
    const [anvil, anvil2] = await Promise.all([startAnvil(), startAnvil({ chainId: 31338 })])
    try {
      const call = async (rpcUrl: string, method: string, params: unknown[]) => {
        const response = await fetch(rpcUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
        })
        return ((await response.json()) as { result: string }).result
      }
      expect(anvil2.chainId).toBe(31338)
      expect(await call(anvil2.rpcUrl, 'eth_chainId', [])).toBe('0x7a6a')
      const address = `0x${Buffer.from(Keypair.generate().publicKey.toBytes().subarray(0, 20)).toString('hex')}`
      await fundAddress({ anvil, anvil2, solana: localnet }, address, 7n, { chainId: 31338 })
      expect(BigInt(await call(anvil2.rpcUrl, 'eth_getBalance', [address, 'latest']))).toBe(7n)
      expect(BigInt(await call(anvil.rpcUrl, 'eth_getBalance', [address, 'latest']))).toBe(0n)
      await expect(fundAddress({ anvil, solana: localnet }, address, 1n, { chainId: 31338 })).rejects.toThrow(/no local chain 31338/)
    } finally {
      await Promise.all([anvil.stop(), anvil2.stop()])
    }
  })
})
