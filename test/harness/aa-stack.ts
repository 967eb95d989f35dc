/**
 * Local ERC-4337 infrastructure on an anvil chain: the contracts from their published packages (aa-contracts.ts) and
 * the alto bundler (tools/aa) as a child process. `npm start` and the e2e stack run both; tests may start their own.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createWriteStream } from 'node:fs'
import { join } from 'node:path'
import { concat, createPublicClient, createWalletClient, http, parseEther, type Address, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { freeLoopbackPort, stopChild } from '../../server/src/test-support/anvil.js'
import { anvilAccountKey } from '../../server/src/funding/test-support/evm-payouts.js'
import { accountAbstractionDeployments, DETERMINISTIC_DEPLOYER, entryPointAbi, SAFE_SINGLETON_FACTORY, type Create2Deployment } from './aa-contracts.js'
import { e2eLogPrefix } from './e2e-logs.js'
import { repoRoot } from './paths.js'

/**
 * anvil's public dev accounts past the ten it funds (the harness funds them): the deployer, and the bundler's executor
 * and utility accounts, so that no other part of the stack sends from them and their nonces never collide.
 */
export const AA_DEPLOYER_KEY = anvilAccountKey(20)
export const BUNDLER_EXECUTOR_KEY = anvilAccountKey(21)
export const BUNDLER_UTILITY_KEY = anvilAccountKey(22)
/** What each paymaster holds at the EntryPoint after deployment (anvil money: plenty for any test). */
export const PAYMASTER_DEPOSIT = parseEther('100')
const ACCOUNT_BALANCE = parseEther('10000')

export interface SafeAddresses {
  safeSingletonAddress: Address
  safeProxyFactoryAddress: Address
  safe4337ModuleAddress: Address
  safeModuleSetupAddress: Address
  multiSendAddress: Address
  multiSendCallOnlyAddress: Address
}

/**
 * What is deployed. Kernel v3, LightAccount v2 and Coinbase Smart Wallet publish no npm package with their artifacts or
 * sources (docs/decisions.md), so they are not here; SimpleAccount (eth-infinitism's, permissionless's
 * `toSimpleSmartAccount`) is.
 */
export interface AccountAbstractionAddresses {
  entryPoint07: Address
  entryPoint08: Address
  /** eth-infinitism's VerifyingPaymaster sample on each EntryPoint; `paymasterSigner` signs its data. */
  verifyingPaymaster07: Address
  verifyingPaymaster08: Address
  paymasterSigner: Address
  /** EIP-7702 delegate for EntryPoint 0.8 (permissionless `to7702SimpleSmartAccount`'s `accountLogicAddress`). */
  simple7702Account: Address
  /** Safe's are at their canonical addresses: pass them anyway to `toSafeSmartAccount` (version 1.4.1, EntryPoint 0.7). */
  factories: { safe: SafeAddresses; simpleAccount07: Address; simpleAccount08: Address }
}

const clients = (rpcUrl: string, key: Hex) => ({
  wallet: createWalletClient({ account: privateKeyToAccount(key), transport: http(rpcUrl) }),
  reader: createPublicClient({ transport: http(rpcUrl), pollingInterval: 50, cacheTime: 0 }),
})

/** Credits the harness's own accounts and puts the CREATE2 proxy at Safe's factory address (its code read from anvil). */
async function prepareChain(reader: ReturnType<typeof clients>['reader']): Promise<void> {
  const request = (method: string, params: unknown[]) => reader.request({ method: method as 'eth_chainId', params: params as never })
  for (const key of [AA_DEPLOYER_KEY, BUNDLER_EXECUTOR_KEY, BUNDLER_UTILITY_KEY]) {
    const address = privateKeyToAccount(key).address
    if ((await reader.getBalance({ address })) < ACCOUNT_BALANCE / 2n) await request('anvil_setBalance', [address, `0x${ACCOUNT_BALANCE.toString(16)}`])
  }
  if (!(await reader.getCode({ address: SAFE_SINGLETON_FACTORY }))) {
    const proxyCode = await reader.getCode({ address: DETERMINISTIC_DEPLOYER })
    if (!proxyCode) throw new Error('anvil has no deterministic deployment proxy')
    await request('anvil_setCode', [SAFE_SINGLETON_FACTORY, proxyCode])
  }
}

/**
 * Deploys what is missing on the chain at `rpcUrl` (a second call sends nothing) and tops each paymaster's EntryPoint
 * deposit up to PAYMASTER_DEPOSIT. `paymasterSigner`: the address whose signatures the paymasters accept.
 */
export async function deployAccountAbstraction(rpcUrl: string, options: { paymasterSigner: Address }): Promise<AccountAbstractionAddresses> {
  const { wallet, reader } = clients(rpcUrl, AA_DEPLOYER_KEY)
  await prepareChain(reader)
  const deployments = accountAbstractionDeployments(options.paymasterSigner)
  const missing: Create2Deployment[] = []
  for (const deployment of deployments) if (!(await reader.getCode({ address: deployment.address }))) missing.push(deployment)
  // anvil mines each transaction as it arrives, in order: a constructor finds the EntryPoint it checks.
  const hashes: Hex[] = []
  for (const deployment of missing)
    hashes.push(await wallet.sendTransaction({ to: deployment.deployer, data: concat([deployment.salt, deployment.initCode]), chain: null }))
  for (const [index, hash] of hashes.entries()) {
    const receipt = await reader.waitForTransactionReceipt({ hash })
    const deployed = await reader.getCode({ address: missing[index]!.address })
    if (receipt.status !== 'success' || !deployed) throw new Error(`deploying ${missing[index]!.name} failed`)
  }
  const at = (name: string) => deployments.find((deployment) => deployment.name === name)!.address
  const addresses: AccountAbstractionAddresses = {
    entryPoint07: at('EntryPoint 0.7'),
    entryPoint08: at('EntryPoint 0.8'),
    verifyingPaymaster07: at('VerifyingPaymaster 0.7'),
    verifyingPaymaster08: at('VerifyingPaymaster 0.8'),
    paymasterSigner: options.paymasterSigner,
    simple7702Account: at('Simple7702Account'),
    factories: {
      safe: {
        safeSingletonAddress: at('Safe'),
        safeProxyFactoryAddress: at('SafeProxyFactory'),
        safe4337ModuleAddress: at('Safe4337Module'),
        safeModuleSetupAddress: at('SafeModuleSetup'),
        multiSendAddress: at('MultiSend'),
        multiSendCallOnlyAddress: at('MultiSendCallOnly'),
      },
      simpleAccount07: at('SimpleAccountFactory 0.7'),
      simpleAccount08: at('SimpleAccountFactory 0.8'),
    },
  }
  await fundPaymaster(wallet, reader, addresses.entryPoint07, addresses.verifyingPaymaster07)
  await fundPaymaster(wallet, reader, addresses.entryPoint08, addresses.verifyingPaymaster08)
  return addresses
}

async function fundPaymaster(
  wallet: ReturnType<typeof clients>['wallet'],
  reader: ReturnType<typeof clients>['reader'],
  entryPoint: Address,
  paymaster: Address,
): Promise<void> {
  const abi = entryPointAbi()
  const deposit = (await reader.readContract({ address: entryPoint, abi, functionName: 'balanceOf', args: [paymaster] })) as bigint
  if (deposit >= PAYMASTER_DEPOSIT) return
  const hash = await wallet.writeContract({
    address: entryPoint,
    abi,
    functionName: 'depositTo',
    args: [paymaster],
    value: PAYMASTER_DEPOSIT - deposit,
    chain: null,
  })
  if ((await reader.waitForTransactionReceipt({ hash })).status !== 'success') throw new Error(`funding paymaster ${paymaster} failed`)
}

export interface Bundler {
  url: string
  stop(): Promise<void>
}

const altoBinary = join(repoRoot, 'node_modules', '.bin', 'alto')

/** The bundler's answer to `eth_supportedEntryPoints`, or null while it does not answer. */
async function supportedEntryPoints(url: string): Promise<string[] | null> {
  try {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_supportedEntryPoints', params: [] })
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body, signal: AbortSignal.timeout(2_000) })
    return response.ok ? (((await response.json()) as { result?: string[] }).result ?? null) : null
  } catch {
    return null
  }
}

function spawnAlto(rpcUrl: string, entryPoints: Address[], port: number, logFile: string | undefined): ChildProcess {
  const args = [
    '--entrypoints',
    entryPoints.join(','),
    '--rpc-url',
    rpcUrl,
    '--port',
    String(port),
    // anvil has no debug tracer for the full ERC-7562 checks; the simulations contract is deployed by alto itself.
    '--safe-mode',
    'false',
    '--deploy-simulations-contract',
    'true',
    // anvil mines each transaction at once: poll often, and bundle as soon as an operation arrives.
    '--block-time',
    '200',
    '--min-bundle-interval',
    '20',
    '--max-bundle-interval',
    '200',
    '--log-level',
    logFile ? 'info' : 'warn',
    // Browser smart wallets (the demos) post user operations to it from their own origin.
    '--enable-cors',
    'true',
  ]
  // The keys go in the environment (alto reads ALTO_*), not on a command line other processes can list.
  const env = { ...process.env, ALTO_EXECUTOR_PRIVATE_KEYS: BUNDLER_EXECUTOR_KEY, ALTO_UTILITY_PRIVATE_KEY: BUNDLER_UTILITY_KEY }
  const child = spawn(process.execPath, [altoBinary, ...args], { env, stdio: ['ignore', logFile ? 'pipe' : 'ignore', logFile ? 'pipe' : 'ignore'] })
  if (logFile) {
    const log = createWriteStream(logFile)
    child.stdout?.pipe(log)
    child.stderr?.pipe(log)
  }
  return child
}

/**
 * Runs alto against `rpcUrl` for `entryPoints` on a free loopback port and waits until it answers. In an e2e run its
 * output goes to the run's log directory as `<file>-bundler-<id>.txt`: not `.log`, which the secret scan reads, since
 * every transaction and user operation hash in it is 32 bytes of hex, the shape of a private key.
 */
export async function startBundler(options: { rpcUrl: string; entryPoints: Address[] }): Promise<Bundler> {
  const prefix = await e2eLogPrefix('bundler')
  const logFile = prefix && `${prefix}.txt`
  let exitCode: number | null = null
  for (let start = 0; start < 3; start++) {
    const port = await freeLoopbackPort()
    const url = `http://127.0.0.1:${port}`
    const child = spawnAlto(options.rpcUrl, options.entryPoints, port, logFile)
    // A few seconds on a busy machine; the budget only bounds a bundler that never answers.
    const deadline = Date.now() + 60_000
    while (child.exitCode === null && Date.now() < deadline) {
      if ((await supportedEntryPoints(url))?.length) return { url, stop: () => stopChild(child) }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    exitCode = child.exitCode
    await stopChild(child)
    if (exitCode === null) throw new Error(`the alto bundler did not answer within 60 s${logFile ? ` (its log: ${logFile})` : ''}`)
    // Another process may take the port between the probe and the bundler: then it exits and we start again.
  }
  throw new Error(`the alto bundler exited (code ${exitCode}) three times${logFile ? ` (its log: ${logFile})` : ''}`)
}

/**
 * The paymasters' signer for `npm start` and the e2e stack: a public dev key (anvil's mnemonic, index 23), so the
 * server's sponsorship settings can name it. Never use it off a local chain.
 */
export const DEV_PAYMASTER_SIGNER_KEY = anvilAccountKey(23)

export interface LocalAccountAbstraction {
  bundlerUrl: string
  addresses: AccountAbstractionAddresses
  bundler: Bundler
}

/** Deploys the contracts on `rpcUrl` (paymasters signed for by DEV_PAYMASTER_SIGNER_KEY) and starts alto on both EntryPoints. */
export async function startLocalAccountAbstraction(rpcUrl: string): Promise<LocalAccountAbstraction> {
  const addresses = await deployAccountAbstraction(rpcUrl, { paymasterSigner: privateKeyToAccount(DEV_PAYMASTER_SIGNER_KEY).address })
  const bundler = await startBundler({ rpcUrl, entryPoints: [addresses.entryPoint07, addresses.entryPoint08] })
  return { bundlerUrl: bundler.url, addresses, bundler }
}
