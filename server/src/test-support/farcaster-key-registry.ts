import { concat, createPublicClient, createWalletClient, getAddress, http, parseAbi, toFunctionSelector, type Address, type Hex, type LocalAccount } from 'viem'
import { foundry } from 'viem/chains'
import type { Anvil } from './anvil.js'

/** The stand-in's ABI: the KeyRegistry's `keyDataOf` and simplified `add` / `remove` that name the fid. */
export const keyRegistryStandInAbi = parseAbi([
  'function keyDataOf(uint256 fid, bytes key) view returns ((uint8 state, uint32 keyType))',
  'function add(uint256 fid, bytes key)',
  'function remove(uint256 fid, bytes key)',
])

const selector = (signature: string) => toFunctionSelector(signature).slice(2)
const push1 = (value: number) => `60${value.toString(16).padStart(2, '0')}`
const push2 = (value: number) => `61${value.toString(16).padStart(4, '0')}`

/**
 * Test fixture: a stand-in for Farcaster's KeyRegistry, written directly in EVM bytecode (no compiler on this
 * machine). It behaves like this Solidity (state 0 NULL, 1 ADDED, 2 REMOVED; every key is an ed25519 key, type 1):
 *
 *   contract KeyRegistryStandIn {
 *     function keyDataOf(uint256 fid, bytes key) view returns (KeyData) { uint8 s = state[fid][key]; return KeyData(s, s == 0 ? 0 : 1); }
 *     function add(uint256 fid, bytes key) { require(msg.sender == idRegistry.custodyOf(fid) && state[fid][key] == 0); state[fid][key] = 1; }
 *     function remove(uint256 fid, bytes key) { require(msg.sender == idRegistry.custodyOf(fid) && state[fid][key] == 1); state[fid][key] = 2; }
 *   }
 *
 * where `state[fid][key]` lives in slot keccak256(fid ‖ keccak256(key)). Any other selector reverts.
 */
export function keyRegistryStandInBytecode(idRegistry: Address): Hex {
  // Leaves keccak256(fid ‖ keccak256(key)) on the stack: copies the key (calldata[4 + offset] is its length) to memory 0.
  const slotOfKey = [
    '602435600401', // p = 4 + calldata[0x24] (where the key's length is)
    '8035906020018190600037', // calldatacopy(0, p + 32, length)
    '600020602052', // mstore(0x20, keccak256(0, length))
    '600435600052', // mstore(0, fid)
    '6040600020', // keccak256(0, 0x40)
  ].join('')
  const dispatchLength = 6 + 11 + 11 + 10
  const revertAt = dispatchLength
  const revert = '5b600080fd'
  // Reverts unless the caller is custodyOf(fid) on the ID registry (a static call with its answer in memory 0).
  const requireCustody = [
    `63${selector('function custodyOf(uint256)')}60e01b608052`, // mstore(0x80, selector << 224)
    '600435608452', // mstore(0x84, fid)
    `602060006024608073${idRegistry.slice(2).toLowerCase()}5afa`, // staticcall(gas, idRegistry, 0x80, 0x24, 0, 0x20)
    `15${push2(revertAt)}57`, // failed call → revert
    `6000513314`, // mload(0) == caller
    `15${push2(revertAt)}57`,
  ].join('')
  // JUMPDEST; custody check; slot; require(sload(slot) == from); sstore(slot, to); stop
  const transition = (from: number, to: number) => `5b${requireCustody}${slotOfKey}8054${push1(from)}1415${push2(revertAt)}57${push1(to)}905500`
  const add = transition(0, 1)
  const remove = transition(1, 2)
  const read = `5b${slotOfKey}5480600052151560205260406000f3` // [state, state != 0] as two words
  const addAt = revertAt + revert.length / 2
  const removeAt = addAt + add.length / 2
  const readAt = removeAt + remove.length / 2
  const runtime = [
    '60003560e01c', // selector = calldata[0:4] >> 224
    `8063${selector('function add(uint256,bytes)')}14${push2(addAt)}57`,
    `8063${selector('function remove(uint256,bytes)')}14${push2(removeAt)}57`,
    `63${selector('function keyDataOf(uint256,bytes)')}14${push2(readAt)}57`,
    revert,
    add,
    remove,
    read,
  ].join('')
  // Init code (12 bytes): copy the runtime that follows it to memory and return it.
  const init = `${push2(runtime.length / 2)}80600c6000396000f3`
  return concat([`0x${init}`, `0x${runtime}`])
}

export interface KeyRegistryStandIn {
  address: Address
  /** `custody` (the fid's custody account, funded here) adds `key` for `fid`: a transaction on the local chain. */
  add(custody: LocalAccount, fid: number, key: Hex): Promise<void>
  remove(custody: LocalAccount, fid: number, key: Hex): Promise<void>
}

/** Deploys the stand-in on a local anvil chain, reading custody from the ID registry stand-in at `idRegistry`. */
export async function deployKeyRegistryStandIn(anvil: Anvil, idRegistry: Address, deployer: LocalAccount): Promise<KeyRegistryStandIn> {
  const chain = { ...foundry, id: anvil.chainId, rpcUrls: { default: { http: [anvil.rpcUrl] } } }
  const publicClient = createPublicClient({ chain, transport: http(anvil.rpcUrl) })
  const fund = (address: Address) => publicClient.request({ method: 'anvil_setBalance' as never, params: [address, '0x8ac7230489e80000'] as never })
  await fund(deployer.address)
  const hash = await createWalletClient({ account: deployer, chain, transport: http(anvil.rpcUrl) }).deployContract({
    abi: keyRegistryStandInAbi,
    bytecode: keyRegistryStandInBytecode(idRegistry),
  })
  const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 })
  const address = getAddress(receipt.contractAddress as Address)
  const send = async (custody: LocalAccount, functionName: 'add' | 'remove', fid: number, key: Hex) => {
    await fund(custody.address)
    const wallet = createWalletClient({ account: custody, chain, transport: http(anvil.rpcUrl) })
    const tx = await wallet.writeContract({ address, abi: keyRegistryStandInAbi, functionName, args: [BigInt(fid), key] })
    const mined = await publicClient.waitForTransactionReceipt({ hash: tx, pollingInterval: 50 })
    if (mined.status !== 'success') throw new Error(`KeyRegistry ${functionName} reverted`)
  }
  return {
    address,
    add: (custody, fid, key) => send(custody, 'add', fid, key),
    remove: (custody, fid, key) => send(custody, 'remove', fid, key),
  }
}
