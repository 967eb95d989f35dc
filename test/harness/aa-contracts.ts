/**
 * The ERC-4337 contracts the local chain carries, read from their published npm packages (tools/aa): each one's
 * creation code, the CREATE2 deployer and the salt that together give its address. Where a package's bytecode and the
 * published salt give the canonical mainnet address (EntryPoint 0.7 and 0.8, Safe 1.4.1 and its 4337 module), the
 * clients' defaults (permissionless, viem) work unchanged; the others are exported for callers to pass.
 */
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { concat, encodeAbiParameters, getContractAddress, type Abi, type Address, type Hex } from 'viem'
import { repoRoot } from './paths.js'

/** Arachnid's deterministic deployment proxy, which anvil carries from genesis. */
export const DETERMINISTIC_DEPLOYER: Address = '0x4e59b44847b379578588920cA78FbF26c0B4956C'
/** Safe's singleton factory: the same CREATE2 proxy at the address Safe's contracts were deployed through. */
export const SAFE_SINGLETON_FACTORY: Address = '0x914d7Fec6aaC8cd542e72Bca78B30650d45643d7'

/** The salts eth-infinitism published with each EntryPoint release (the Safe contracts and the rest use zero). */
const ENTRY_POINT_07_SALT: Hex = '0x90d8084deab30c2a37c45e8d47f49f2f7965183cb6990a98943ef94940681de3'
const ENTRY_POINT_08_SALT: Hex = '0x0a59dbff790c23c976a548690c27297883cc66b4c67024f9117b0238995e35e9'
const ZERO_SALT: Hex = `0x${'00'.repeat(32)}`

export interface Artifact {
  abi: Abi
  bytecode: Hex
}
export interface Create2Deployment {
  name: string
  deployer: Address
  salt: Hex
  initCode: Hex
  address: Address
}

const require = createRequire(import.meta.url)
const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`, { paths: [join(repoRoot, 'tools', 'aa')] }))
const readArtifact = (path: string): Artifact => {
  const { abi, bytecode } = JSON.parse(readFileSync(path, 'utf8')) as Artifact
  return { abi, bytecode }
}

const aa07 = (name: string) => readArtifact(join(packageDir('@account-abstraction/contracts'), 'artifacts', `${name}.json`))
const aa08 = (name: string) => readArtifact(join(packageDir('aa-contracts-v08'), 'artifacts', `${name}.json`))
const safeContract = (path: string) => readArtifact(join(packageDir('@safe-global/safe-contracts'), 'build', 'artifacts', 'contracts', path))
const safe4337 = (path: string) => readArtifact(join(packageDir('@safe-global/safe-4337'), 'build', 'artifacts', 'contracts', path))

export const verifyingPaymaster07Artifact = () => aa07('VerifyingPaymaster')
export const entryPointAbi = () => aa07('EntryPoint').abi

/**
 * 0.8.0 ships no VerifyingPaymaster: the 0.7 sample's source, compiled by the pinned npm solc against 0.8's core
 * (BasePaymaster, UserOperationLib, Helpers) and OpenZeppelin, as 0.8's own sample would be. Cached by input hash.
 */
export function verifyingPaymaster08Artifact(): Artifact {
  const solc = require('solc') as {
    compile(input: string, options: { import(path: string): { contents: string } | { error: string } }): string
    version(): string
  }
  // 0.8's UserOperationLib dropped getSender(): its callers read the field itself.
  const source = readFileSync(join(packageDir('@account-abstraction/contracts'), 'samples', 'VerifyingPaymaster.sol'), 'utf8').replace(
    'userOp.getSender()',
    'userOp.sender',
  )
  const v08 = packageDir('aa-contracts-v08')
  const openZeppelin = dirname(require.resolve('@openzeppelin/contracts/package.json', { paths: [v08] }))
  const importFile = (path: string) => {
    const file = path.startsWith('@openzeppelin/contracts/') ? join(openZeppelin, path.slice('@openzeppelin/contracts/'.length)) : join(v08, path)
    return existsSync(file) ? { contents: readFileSync(file, 'utf8') } : { error: `not found: ${path}` }
  }
  const input = JSON.stringify({
    language: 'Solidity',
    sources: { 'samples/VerifyingPaymaster.sol': { content: source } },
    settings: {
      optimizer: { enabled: true, runs: 1_000_000 },
      evmVersion: 'cancun',
      outputSelection: { '*': { VerifyingPaymaster: ['abi', 'evm.bytecode.object'] } },
    },
  })
  const cacheDir = join(repoRoot, 'node_modules', '.cache', 'tessera-contracts')
  const cached = join(
    cacheDir,
    `verifying-paymaster-08-${createHash('sha256')
      .update(solc.version())
      .update(input)
      .update(readFileSync(join(v08, 'package.json')))
      .digest('hex')
      .slice(0, 16)}.json`,
  )
  if (existsSync(cached)) return JSON.parse(readFileSync(cached, 'utf8')) as Artifact
  const output = JSON.parse(solc.compile(input, { import: importFile })) as {
    errors?: { severity: string; formattedMessage: string }[]
    contracts?: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>
  }
  const errors = (output.errors ?? []).filter((error) => error.severity === 'error')
  const compiled = output.contracts?.['samples/VerifyingPaymaster.sol']?.VerifyingPaymaster
  if (errors.length > 0 || !compiled) throw new Error(`solc: ${errors.map((error) => error.formattedMessage).join('\n') || 'no VerifyingPaymaster'}`)
  const artifact: Artifact = { abi: compiled.abi, bytecode: `0x${compiled.evm.bytecode.object}` }
  mkdirSync(cacheDir, { recursive: true })
  writeFileSync(cached, JSON.stringify(artifact))
  return artifact
}

const withArgs = (artifact: Artifact, types: string[], values: unknown[]): Hex =>
  concat([
    artifact.bytecode,
    encodeAbiParameters(
      types.map((type) => ({ type })),
      values,
    ),
  ])

function create2(name: string, deployer: Address, salt: Hex, initCode: Hex): Create2Deployment {
  return { name, deployer, salt, initCode, address: getContractAddress({ opcode: 'CREATE2', from: deployer, salt, bytecode: initCode }) }
}

/** Every deployment in order (each constructor finds what it checks already there), given the paymasters' signer. */
export function accountAbstractionDeployments(paymasterSigner: Address): Create2Deployment[] {
  const entryPoint07 = create2('EntryPoint 0.7', DETERMINISTIC_DEPLOYER, ENTRY_POINT_07_SALT, aa07('EntryPoint').bytecode)
  const entryPoint08 = create2('EntryPoint 0.8', DETERMINISTIC_DEPLOYER, ENTRY_POINT_08_SALT, aa08('EntryPoint').bytecode)
  const onEntryPoint = (artifact: Artifact, entryPoint: Address) => withArgs(artifact, ['address'], [entryPoint])
  const paymaster = (artifact: Artifact, entryPoint: Address) => withArgs(artifact, ['address', 'address'], [entryPoint, paymasterSigner])
  return [
    entryPoint07,
    entryPoint08,
    create2('VerifyingPaymaster 0.7', DETERMINISTIC_DEPLOYER, ZERO_SALT, paymaster(verifyingPaymaster07Artifact(), entryPoint07.address)),
    create2('VerifyingPaymaster 0.8', DETERMINISTIC_DEPLOYER, ZERO_SALT, paymaster(verifyingPaymaster08Artifact(), entryPoint08.address)),
    create2('Simple7702Account', DETERMINISTIC_DEPLOYER, ENTRY_POINT_08_SALT, aa08('Simple7702Account').bytecode),
    create2('SimpleAccountFactory 0.7', DETERMINISTIC_DEPLOYER, ZERO_SALT, onEntryPoint(aa07('SimpleAccountFactory'), entryPoint07.address)),
    create2('SimpleAccountFactory 0.8', DETERMINISTIC_DEPLOYER, ZERO_SALT, onEntryPoint(aa08('SimpleAccountFactory'), entryPoint08.address)),
    create2('Safe', SAFE_SINGLETON_FACTORY, ZERO_SALT, safeContract('Safe.sol/Safe.json').bytecode),
    create2('SafeProxyFactory', SAFE_SINGLETON_FACTORY, ZERO_SALT, safeContract('proxies/SafeProxyFactory.sol/SafeProxyFactory.json').bytecode),
    create2('MultiSend', SAFE_SINGLETON_FACTORY, ZERO_SALT, safeContract('libraries/MultiSend.sol/MultiSend.json').bytecode),
    create2('MultiSendCallOnly', SAFE_SINGLETON_FACTORY, ZERO_SALT, safeContract('libraries/MultiSendCallOnly.sol/MultiSendCallOnly.json').bytecode),
    create2('SafeModuleSetup', DETERMINISTIC_DEPLOYER, ZERO_SALT, safe4337('SafeModuleSetup.sol/SafeModuleSetup.json').bytecode),
    create2('Safe4337Module', DETERMINISTIC_DEPLOYER, ZERO_SALT, onEntryPoint(safe4337('Safe4337Module.sol/Safe4337Module.json'), entryPoint07.address)),
  ]
}
