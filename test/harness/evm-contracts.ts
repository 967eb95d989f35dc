/**
 * The test EVM contracts (test/contracts/*.sol) for server and e2e tests: compiled with the pinned `solc` npm
 * package (cached under node_modules/.cache/tessera-contracts by the sources' hash) and deployed to a local chain.
 */
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { createPublicClient, createWalletClient, http, type Abi, type Address, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { repoRoot } from './paths.js'

/** anvil's first default account's key (public, like the mnemonic it derives from): never use it off a local chain. */
export const ANVIL_FIRST_PRIVATE_KEY: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'

export const TEST_ERC20 = { name: 'Tessera Test Token', symbol: 'TTT', decimals: 18 } as const
export const TEST_ERC721 = { name: 'Tessera Test NFT', symbol: 'TNFT' } as const

const contractNames = ['TestERC20', 'TestERC721', 'TestERC1155', 'Reverter'] as const
type ContractName = (typeof contractNames)[number]
export interface CompiledContract {
  abi: Abi
  bytecode: Hex
}

const contractsDir = join(repoRoot, 'test', 'contracts')
const cacheDir = join(repoRoot, 'node_modules', '.cache', 'tessera-contracts')

/** Compiles every test contract once per change of the sources (or of the compiler version). */
export function compileTestContracts(): Record<ContractName, CompiledContract> {
  const require = createRequire(import.meta.url)
  const solc = require('solc') as { compile(input: string): string; version(): string }
  const files = readdirSync(contractsDir)
    .filter((file) => file.endsWith('.sol'))
    .sort()
  const sources = Object.fromEntries(files.map((file) => [file, { content: readFileSync(join(contractsDir, file), 'utf8') }]))
  const hash = createHash('sha256').update(solc.version()).update(JSON.stringify(sources)).digest('hex').slice(0, 16)
  const cached = join(cacheDir, `${hash}.json`)
  if (existsSync(cached)) return JSON.parse(readFileSync(cached, 'utf8')) as Record<ContractName, CompiledContract>
  const output = JSON.parse(
    solc.compile(
      JSON.stringify({
        language: 'Solidity',
        sources,
        settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: 'paris', outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
      }),
    ),
  ) as {
    errors?: { severity: string; formattedMessage: string }[]
    contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>
  }
  const errors = (output.errors ?? []).filter((error) => error.severity === 'error')
  if (errors.length > 0) throw new Error(`solc: ${errors.map((error) => error.formattedMessage).join('\n')}`)
  const compiled = Object.fromEntries(
    contractNames.map((name) => {
      const contract = output.contracts[`${name}.sol`]?.[name]
      if (!contract) throw new Error(`solc produced no ${name}`)
      return [name, { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` as Hex }]
    }),
  ) as Record<ContractName, CompiledContract>
  mkdirSync(cacheDir, { recursive: true })
  writeFileSync(cached, JSON.stringify(compiled))
  return compiled
}

export const testContractAbis = (): Record<ContractName, Abi> =>
  Object.fromEntries(Object.entries(compileTestContracts()).map(([name, contract]) => [name, contract.abi])) as Record<ContractName, Abi>

export interface TestContracts {
  erc20: Address
  erc721: Address
  erc1155: Address
  reverter: Address
}

const clientsFor = (rpcUrl: string, privateKey: Hex) => ({
  wallet: createWalletClient({ account: privateKeyToAccount(privateKey), transport: http(rpcUrl) }),
  reader: createPublicClient({ transport: http(rpcUrl) }),
})

/** Deploys one of each test contract from `deployerPrivateKey` and waits for the receipts. */
export async function deployTestContracts(rpcUrl: string, deployerPrivateKey: Hex): Promise<TestContracts> {
  const compiled = compileTestContracts()
  const { wallet, reader } = clientsFor(rpcUrl, deployerPrivateKey)
  const deploy = async (name: ContractName, args: readonly unknown[] = []): Promise<Address> => {
    const hash = await wallet.deployContract({ abi: compiled[name].abi, bytecode: compiled[name].bytecode, args, chain: null })
    const receipt = await reader.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    if (!receipt.contractAddress || receipt.status !== 'success') throw new Error(`deploying ${name} failed`)
    return receipt.contractAddress
  }
  // One after another: each deployment takes the deployer's next nonce.
  const erc20 = await deploy('TestERC20', [TEST_ERC20.name, TEST_ERC20.symbol, TEST_ERC20.decimals])
  const erc721 = await deploy('TestERC721', [TEST_ERC721.name, TEST_ERC721.symbol])
  const erc1155 = await deploy('TestERC1155')
  const reverter = await deploy('Reverter')
  return { erc20, erc721, erc1155, reverter }
}

async function sendMint(rpcUrl: string, privateKey: Hex, name: ContractName, token: Address, args: readonly unknown[]): Promise<void> {
  const { wallet, reader } = clientsFor(rpcUrl, privateKey)
  const hash = await wallet.writeContract({ abi: compileTestContracts()[name].abi, address: token, functionName: 'mint', args, chain: null })
  const receipt = await reader.waitForTransactionReceipt({ hash, pollingInterval: 50 })
  if (receipt.status !== 'success') throw new Error(`minting on ${token} reverted`)
}

/** Mints `amount` base units of the test ERC-20 to `to` (anyone may mint). */
export const mintErc20 = (rpcUrl: string, privateKey: Hex, token: Address, to: Address, amount: bigint) =>
  sendMint(rpcUrl, privateKey, 'TestERC20', token, [to, amount])

export const mintErc721 = (rpcUrl: string, privateKey: Hex, token: Address, to: Address, tokenId: bigint) =>
  sendMint(rpcUrl, privateKey, 'TestERC721', token, [to, tokenId])

export const mintErc1155 = (rpcUrl: string, privateKey: Hex, token: Address, to: Address, id: bigint, amount: bigint) =>
  sendMint(rpcUrl, privateKey, 'TestERC1155', token, [to, id, amount])
