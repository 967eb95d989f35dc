import { concat, createPublicClient, createWalletClient, getAddress, http, parseAbi, parseEther, toFunctionSelector, type Address, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import type { Anvil } from './anvil.js'

/** The stand-in's ABI: the registry's `custodyOf` and a test-only setter. */
export const idRegistryStandInAbi = parseAbi([
  'function custodyOf(uint256 fid) view returns (address owner)',
  'function setCustody(uint256 fid, address owner)',
])

/**
 * Test fixture: a stand-in for Farcaster's IdRegistry, written directly in EVM bytecode (no compiler on this
 * machine). It behaves like this Solidity, storing each fid's custody address in the storage slot numbered by the fid:
 *
 *   contract IdRegistryStandIn {
 *     function custodyOf(uint256 fid) external view returns (address) { return custody[fid]; }
 *     function setCustody(uint256 fid, address owner) external { custody[fid] = owner; }
 *   }
 *
 * Any other selector reverts.
 */
export function idRegistryStandInBytecode(): Hex {
  const selector = (signature: string) => toFunctionSelector(signature).slice(2)
  const get = '5b6004355460005260206000f3' // JUMPDEST; mstore(0, sload(calldata[4])); return(0, 32)
  const set = '5b60243560043555' + '00' // JUMPDEST; sstore(calldata[4], calldata[0x24]); stop
  const dispatchBytes = 6 + 10 + 9 + 4 // selector load, two jumps, revert
  const getAt = dispatchBytes
  const setAt = getAt + get.length / 2
  const runtime = [
    '60003560e01c', // selector = calldata[0:4] >> 224
    `8063${selector('function custodyOf(uint256)')}1460${getAt.toString(16)}57`, // DUP1 == custodyOf → get
    `63${selector('function setCustody(uint256,address)')}1460${setAt.toString(16)}57`, // == setCustody → set
    '600080fd', // revert
    get,
    set,
  ].join('')
  // Init code: copy the runtime (which starts right after these 11 bytes) to memory and return it.
  const init = `60${(runtime.length / 2).toString(16).padStart(2, '0')}80600b6000396000f3`
  return concat([`0x${init}`, `0x${runtime}`])
}

export interface IdRegistryStandIn {
  address: Address
  /** Registers `owner` as the custody address of `fid` (a transaction on the local chain). */
  setCustody(fid: number, owner: Address): Promise<void>
}

/** Deploys the stand-in on a local anvil chain, from a fresh funded account that also sends the setter calls. */
export async function deployIdRegistryStandIn(anvil: Anvil): Promise<IdRegistryStandIn> {
  const chain = { ...foundry, id: anvil.chainId, rpcUrls: { default: { http: [anvil.rpcUrl] } } }
  const publicClient = createPublicClient({ chain, transport: http(anvil.rpcUrl) })
  const operator = privateKeyToAccount(generatePrivateKey())
  await publicClient.request({ method: 'anvil_setBalance' as never, params: [operator.address, `0x${parseEther('10').toString(16)}`] as never })
  const wallet = createWalletClient({ account: operator, chain, transport: http(anvil.rpcUrl) })
  const hash = await wallet.deployContract({ abi: idRegistryStandInAbi, bytecode: idRegistryStandInBytecode() })
  const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 })
  const address = getAddress(receipt.contractAddress as Address)
  return {
    address,
    async setCustody(fid, owner) {
      const tx = await wallet.writeContract({ address, abi: idRegistryStandInAbi, functionName: 'setCustody', args: [BigInt(fid), owner] })
      await publicClient.waitForTransactionReceipt({ hash: tx, pollingInterval: 50 })
    },
  }
}
