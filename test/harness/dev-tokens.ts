/**
 * Tokens on the dev stack's local chains, for the demos' Transactions panel: S's test contracts deployed on anvil,
 * an SPL mint on the local Solana endpoint, and `giveTestTokens`, which mints some of each to a user's embedded
 * wallets (the demo server's dev-only `POST /dev-chain/test-tokens`; the deployer and the mint authority are dev
 * keys, never sent to a page). And test USDC for funding: a 6-decimal ERC-20 'USDC' on each anvil and an SPL
 * 'USDC' mint on the Solana endpoint (`setUpTestUsdc`), which the dev app names as its chains' USDC.
 */
import { Connection, Keypair, PublicKey, SystemProgram, Transaction, TransactionInstruction } from '@solana/web3.js'
import { createPublicClient, createWalletClient, http, type Address, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { anvilAccountKey } from '../../server/src/funding/test-support/evm-payouts.js'
import { waitForSignature } from '../../server/src/funding/test-support/solana-payouts.js'
import type { Anvil } from '../../server/src/test-support/anvil.js'
import type { SolanaLocalnet } from '../../server/src/test-support/litesvm-rpc.js'
import {
  ANVIL_FIRST_PRIVATE_KEY,
  TEST_ERC20,
  compileTestContracts,
  deployTestContracts,
  mintErc1155,
  mintErc20,
  mintErc721,
  type TestContracts,
} from './evm-contracts.js'
import { anvilCall } from './local-chains.js'

const TOKEN_PROGRAM = new PublicKey('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')
/** The dev SPL token (the app file's `solana_tokens` names it). */
export const DEV_SPL_TOKEN = { symbol: 'TSPL', decimals: 6 } as const
/** A fixed dev recipient on Solana (demo/shared/local-chains.js `SOL_RECIPIENT`): it holds a token account of the dev mint. */
export const DEV_SOL_RECIPIENT = '2nhJnUNAsi8HYuJw6TsCEnWztiSFZHUuFbawreHs8zxN'
/** What 'Get test tokens' gives: 100 TTT, one NFT, 10 ERC-1155 tokens of id 1 and 100 TSPL. */
export const TEST_TOKEN_AMOUNTS = {
  erc20: 100n * 10n ** BigInt(TEST_ERC20.decimals),
  erc1155Id: 1n,
  erc1155: 10n,
  spl: 100n * 10n ** BigInt(DEV_SPL_TOKEN.decimals),
} as const

export interface DevSplToken {
  mint: string
  symbol: string
  decimals: number
  recipient: string
  recipientTokenAccount: string
}

/** What the demo pages read from `/dev-chain.json`. */
export interface DevChainInfo {
  contracts: TestContracts
  erc20: { symbol: string; decimals: number }
  splToken: DevSplToken
}

export interface TestTokensRequest {
  ethereum?: string
  solana?: string
}
/** The NFT's id (each call mints a new one) and the wallet's token account of the dev mint. */
export interface TestTokensResult {
  nftTokenId?: string
  splTokenAccount?: string
}

export interface DevTokens {
  info: DevChainInfo
  giveTestTokens(request: TestTokensRequest): Promise<TestTokensResult>
  /** 'Get test funds': 1 ETH on anvil (set, not added) and a 1 SOL airdrop (the demo server's `POST /dev-chain/test-funds`). */
  giveTestFunds(request: TestTokensRequest): Promise<Record<string, never>>
}

/** What 'Get test funds' gives each wallet: 1 ETH and 1 SOL. */
export const TEST_FUNDS = { wei: 10n ** 18n, lamports: 10n ** 9n }

const tokenInstruction = (keys: [PublicKey, boolean, boolean][], data: Buffer) =>
  new TransactionInstruction({ programId: TOKEN_PROGRAM, keys: keys.map(([pubkey, isSigner, isWritable]) => ({ pubkey, isSigner, isWritable })), data })
const u64 = (value: bigint) => {
  const bytes = Buffer.alloc(8)
  bytes.writeBigUInt64LE(value)
  return bytes
}

interface SolanaChain {
  connection: Connection
  localnet: SolanaLocalnet
}

async function sendConfirmed({ connection, localnet }: SolanaChain, transaction: Transaction, signers: Keypair[]): Promise<void> {
  // A fresh blockhash (the next slot): the same mint twice in one slot would be one transaction, refused as processed.
  localnet.advanceBlocks(1)
  transaction.recentBlockhash = (await connection.getLatestBlockhash()).blockhash
  transaction.feePayer = signers[0]!.publicKey
  transaction.sign(...signers)
  await waitForSignature(connection, await connection.sendRawTransaction(transaction.serialize()))
}

/** A new token account of `mint` owned by `owner` (a plain account: the local endpoint has no Associated Token Account program). */
async function createTokenAccount(chain: SolanaChain, payer: Keypair, mint: PublicKey, owner: PublicKey): Promise<PublicKey> {
  const account = Keypair.generate()
  const rent = await chain.connection.getMinimumBalanceForRentExemption(165)
  await sendConfirmed(
    chain,
    new Transaction().add(
      SystemProgram.createAccount({ fromPubkey: payer.publicKey, newAccountPubkey: account.publicKey, lamports: rent, space: 165, programId: TOKEN_PROGRAM }),
      // InitializeAccount3: the owner in the data.
      tokenInstruction(
        [
          [account.publicKey, false, true],
          [mint, false, false],
        ],
        Buffer.concat([Buffer.from([18]), owner.toBuffer()]),
      ),
    ),
    [payer, account],
  )
  return account.publicKey
}

async function tokenAccountOf(connection: Connection, mint: PublicKey, owner: PublicKey): Promise<PublicKey | null> {
  const { value } = await connection.getTokenAccountsByOwner(owner, { mint })
  return value[0]?.pubkey ?? null
}

/** A new SPL mint of `decimals` whose authority is a fresh keypair (funded by airdrop), without a freeze authority. */
async function createSplMint(chain: SolanaChain, decimals: number): Promise<{ authority: Keypair; mint: PublicKey }> {
  const authority = Keypair.generate()
  const mint = Keypair.generate()
  chain.localnet.airdrop(authority.publicKey.toBase58(), 10n ** 10n)
  const rent = await chain.connection.getMinimumBalanceForRentExemption(82)
  await sendConfirmed(
    chain,
    new Transaction().add(
      SystemProgram.createAccount({ fromPubkey: authority.publicKey, newAccountPubkey: mint.publicKey, lamports: rent, space: 82, programId: TOKEN_PROGRAM }),
      // InitializeMint2: decimals, the authority, no freeze authority.
      tokenInstruction([[mint.publicKey, false, true]], Buffer.concat([Buffer.from([20, decimals]), authority.publicKey.toBuffer(), Buffer.from([0])])),
    ),
    [authority, mint],
  )
  return { authority, mint: mint.publicKey }
}

/** Creates the dev SPL mint (a fresh authority per start) with a token account for the dev recipient. */
async function createDevSplMint(chain: SolanaChain) {
  const { authority, mint } = await createSplMint(chain, DEV_SPL_TOKEN.decimals)
  const recipientTokenAccount = await createTokenAccount(chain, authority, mint, new PublicKey(DEV_SOL_RECIPIENT))
  return { authority, mint, recipientTokenAccount }
}

/** Mints `amount` of `mint` into `owner`'s token account of it (a new one when it has none); answers that account. */
async function mintSplTo(chain: SolanaChain, authority: Keypair, mint: PublicKey, owner: PublicKey, amount: bigint): Promise<PublicKey> {
  const account = (await tokenAccountOf(chain.connection, mint, owner)) ?? (await createTokenAccount(chain, authority, mint, owner))
  // MintTo: mint, destination, authority.
  await sendConfirmed(
    chain,
    new Transaction().add(
      tokenInstruction(
        [
          [mint, false, true],
          [account, false, true],
          [authority.publicKey, true, false],
        ],
        Buffer.concat([Buffer.from([7]), u64(amount)]),
      ),
    ),
    [authority],
  )
  return account
}

const solanaChain = (solana: SolanaLocalnet): SolanaChain => ({
  connection: new Connection(solana.rpcUrl, { commitment: 'confirmed', disableRetryOnRateLimit: true }),
  localnet: solana,
})

/** Deploys the test contracts on anvil and creates the SPL mint; `giveTestTokens` runs one request at a time (one deployer nonce). */
export async function setUpDevTokens(anvil: Anvil, solana: SolanaLocalnet): Promise<DevTokens> {
  const contracts = await deployTestContracts(anvil.rpcUrl, ANVIL_FIRST_PRIVATE_KEY)
  const chain = solanaChain(solana)
  const spl = await createDevSplMint(chain)
  let nextNftId = 1n
  let queue: Promise<unknown> = Promise.resolve()

  async function give({ ethereum, solana: owner }: TestTokensRequest): Promise<TestTokensResult> {
    const result: TestTokensResult = {}
    if (ethereum) {
      const to = ethereum as `0x${string}`
      const tokenId = nextNftId++
      await mintErc20(anvil.rpcUrl, ANVIL_FIRST_PRIVATE_KEY, contracts.erc20, to, TEST_TOKEN_AMOUNTS.erc20)
      await mintErc721(anvil.rpcUrl, ANVIL_FIRST_PRIVATE_KEY, contracts.erc721, to, tokenId)
      await mintErc1155(anvil.rpcUrl, ANVIL_FIRST_PRIVATE_KEY, contracts.erc1155, to, TEST_TOKEN_AMOUNTS.erc1155Id, TEST_TOKEN_AMOUNTS.erc1155)
      result.nftTokenId = tokenId.toString()
    }
    if (owner) result.splTokenAccount = (await mintSplTo(chain, spl.authority, spl.mint, new PublicKey(owner), TEST_TOKEN_AMOUNTS.spl)).toBase58()
    return result
  }

  return {
    info: {
      contracts,
      erc20: { symbol: TEST_ERC20.symbol, decimals: TEST_ERC20.decimals },
      splToken: { mint: spl.mint.toBase58(), ...DEV_SPL_TOKEN, recipient: DEV_SOL_RECIPIENT, recipientTokenAccount: spl.recipientTokenAccount.toBase58() },
    },
    giveTestTokens(request) {
      const next = queue.then(() => give(request))
      queue = next.catch(() => undefined)
      return next
    },
    // Through the chains' own endpoints, from the server side: the page's chain relay refuses node-only methods.
    async giveTestFunds({ ethereum, solana: owner }) {
      if (ethereum) await anvilCall(anvil, 'anvil_setBalance', [ethereum, `0x${TEST_FUNDS.wei.toString(16)}`])
      if (owner) solana.airdrop(owner, TEST_FUNDS.lamports)
      return {}
    },
  }
}

/** The test USDC: 6 decimals like USDC, minted freely by its dev keys (the local chains only). */
export const TEST_USDC = { name: 'USD Coin (test)', symbol: 'USDC', decimals: 6 } as const

export interface TestUsdc {
  /** The ERC-20 on each anvil, by chain id. */
  evm: Record<number, Address>
  solanaMint: string
  /** Mints `amount` base units to `address`: on the anvil of chain id `chain`, or on Solana (into its token account). */
  mint(chain: number | 'solana', address: string, amount: bigint): Promise<void>
}

/** Deploys the test USDC on each anvil (from anvil's account 5, which also mints) and creates its SPL mint. */
export async function setUpTestUsdc(anvils: Anvil[], solana: SolanaLocalnet): Promise<TestUsdc> {
  const minterKey = anvilAccountKey(5)
  const { abi, bytecode } = compileTestContracts().TestERC20
  const evm: Record<number, Address> = {}
  for (const anvil of anvils) {
    const wallet = createWalletClient({ account: privateKeyToAccount(minterKey), transport: http(anvil.rpcUrl) })
    const hash = await wallet.deployContract({ abi, bytecode, args: [TEST_USDC.name, TEST_USDC.symbol, TEST_USDC.decimals], chain: null })
    const receipt = await createPublicClient({ transport: http(anvil.rpcUrl) }).waitForTransactionReceipt({ hash, pollingInterval: 50 })
    if (!receipt.contractAddress || receipt.status !== 'success') throw new Error(`deploying test USDC on chain ${anvil.chainId} failed`)
    evm[anvil.chainId] = receipt.contractAddress
  }
  const chain = solanaChain(solana)
  const spl = await createSplMint(chain, TEST_USDC.decimals)
  let queue: Promise<unknown> = Promise.resolve()
  async function mint(target: number | 'solana', address: string, amount: bigint): Promise<void> {
    if (target === 'solana') return void (await mintSplTo(chain, spl.authority, spl.mint, new PublicKey(address), amount))
    const anvil = anvils.find((candidate) => candidate.chainId === target)
    if (!anvil) throw new Error(`no local chain ${target}`)
    await mintErc20(anvil.rpcUrl, minterKey as Hex, evm[target]!, address as Address, amount)
  }
  return {
    evm,
    solanaMint: spl.mint.toBase58(),
    mint(target, address, amount) {
      const next = queue.then(() => mint(target, address, amount))
      queue = next.catch(() => undefined)
      return next
    },
  }
}
