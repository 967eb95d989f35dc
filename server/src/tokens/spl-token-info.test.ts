import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey, SystemProgram, Transaction, TransactionInstruction } from '@solana/web3.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSolanaLocalnet, type SolanaLocalnet } from '../test-support/litesvm-rpc.js'
import { startTestServer, type TestServer } from '../test-support/test-server.js'

const TOKEN_PROGRAM = new PublicKey('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')
let localnet: SolanaLocalnet
let connection: Connection
let t: TestServer
const listedMint = Keypair.generate()
const unlistedMint = Keypair.generate()
const tokenAccount = Keypair.generate()

async function confirmed(signature: string) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const { value } = await connection.getSignatureStatuses([signature])
    if (value[0]?.confirmationStatus === 'confirmed' || value[0]?.confirmationStatus === 'finalized') return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`${signature} was not confirmed`)
}

/** Creates two mints (6 and 9 decimals) and a token account with the SPL Token program, as a wallet would. */
async function createMints() {
  const payer = Keypair.generate()
  await confirmed(await connection.requestAirdrop(payer.publicKey, 2 * LAMPORTS_PER_SOL))
  const tokenInstruction = (keys: [PublicKey, boolean, boolean][], data: Buffer) =>
    new TransactionInstruction({ programId: TOKEN_PROGRAM, keys: keys.map(([pubkey, isSigner, isWritable]) => ({ pubkey, isSigner, isWritable })), data })
  const mintRent = await connection.getMinimumBalanceForRentExemption(82)
  const accountRent = await connection.getMinimumBalanceForRentExemption(165)
  const { blockhash } = await connection.getLatestBlockhash()
  const setup = new Transaction({ feePayer: payer.publicKey, recentBlockhash: blockhash }).add(
    ...[
      [listedMint, 6],
      [unlistedMint, 9],
    ].flatMap(([mint, decimals]) => [
      SystemProgram.createAccount({
        fromPubkey: payer.publicKey,
        newAccountPubkey: (mint as Keypair).publicKey,
        lamports: mintRent,
        space: 82,
        programId: TOKEN_PROGRAM,
      }),
      // InitializeMint2: decimals, the payer as mint authority, no freeze authority.
      tokenInstruction(
        [[(mint as Keypair).publicKey, false, true]],
        Buffer.concat([Buffer.from([20, decimals as number]), payer.publicKey.toBuffer(), Buffer.from([0])]),
      ),
    ]),
    SystemProgram.createAccount({
      fromPubkey: payer.publicKey,
      newAccountPubkey: tokenAccount.publicKey,
      lamports: accountRent,
      space: 165,
      programId: TOKEN_PROGRAM,
    }),
    // InitializeAccount3: a token account of the listed mint, owned by the payer.
    tokenInstruction(
      [
        [tokenAccount.publicKey, false, true],
        [listedMint.publicKey, false, false],
      ],
      Buffer.concat([Buffer.from([18]), payer.publicKey.toBuffer()]),
    ),
  )
  setup.sign(payer, listedMint, unlistedMint, tokenAccount)
  await confirmed(await connection.sendRawTransaction(setup.serialize()))
}

beforeAll(async () => {
  localnet = await startSolanaLocalnet()
  connection = new Connection(localnet.rpcUrl, { commitment: 'confirmed', disableRetryOnRateLimit: true })
  await createMints()
  t = await startTestServer({
    app: {
      solanaClusters: [{ name: 'devnet', rpcUrl: localnet.rpcUrl, blockExplorerUrl: null }],
      solanaTokens: [{ mint: listedMint.publicKey.toBase58(), symbol: 'TST' }],
    },
  })
}, 60_000)
afterAll(async () => {
  await t?.close()
  await localnet?.close()
})

const info = (mint: string, cluster = 'devnet') =>
  t.call(`/api/v1/spl_token_info?mint_address=${encodeURIComponent(mint)}&cluster=${encodeURIComponent(cluster)}`)

describe('GET /api/v1/spl_token_info', () => {
  it('reads the decimals from the mint on the cluster and the symbol from the app', async () => {
    const response = await info(listedMint.publicKey.toBase58())
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ symbol: 'TST', decimals: 6 })
  })

  it("names a mint the app does not list 'Unknown'", async () => {
    expect((await info(unlistedMint.publicKey.toBase58())).body).toEqual({ symbol: 'Unknown', decimals: 9 })
  })

  it('answers 404 for a mint that does not exist', async () => {
    const response = await info(Keypair.generate().publicKey.toBase58())
    expect(response.status).toBe(404)
    expect(response.body.code).toBe('not_found')
  })

  it('refuses an account that is not a mint', async () => {
    for (const address of [tokenAccount.publicKey.toBase58(), Keypair.generate().publicKey.toBase58()]) {
      if (address !== tokenAccount.publicKey.toBase58()) localnet.airdrop(address, 1_000_000n) // a system-owned account
      const response = await info(address)
      expect(response.status).toBe(400)
      expect(response.body).toMatchObject({ code: 'invalid_data', error: 'The account is not an SPL token mint' })
    }
  })

  it('refuses a cluster the app has not configured, and malformed input', async () => {
    const unknownCluster = await info(listedMint.publicKey.toBase58(), 'mainnet-beta')
    expect(unknownCluster.status).toBe(400)
    expect(unknownCluster.body.error).toBe("Solana cluster 'mainnet-beta' is not configured for this app")
    for (const path of ['/api/v1/spl_token_info?cluster=devnet', `/api/v1/spl_token_info?mint_address=${'0'.repeat(44)}&cluster=devnet`]) {
      const response = await t.call(path)
      expect(response.status).toBe(400)
      expect(response.body.code).toBe('invalid_data')
    }
  })
})
