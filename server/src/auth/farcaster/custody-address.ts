import { createPublicClient, getAddress, http, parseAbi, zeroAddress, type Address } from 'viem'
import type { FarcasterSettings } from './settings.js'
import { invalidFarcasterCredentials } from './channels.js'

const idRegistryAbi = parseAbi(['function custodyOf(uint256 fid) view returns (address owner)'])

/** The fid's custody address from the ID registry; an unregistered fid, a wrong chain or an unreachable RPC → 400. */
export async function custodyAddress(settings: FarcasterSettings, fid: number): Promise<Address> {
  const client = createPublicClient({ transport: http(settings.rpcUrl, { timeout: 10_000, retryCount: 1 }) })
  let owner: Address
  try {
    const [chainId, custody] = await Promise.all([
      client.getChainId(),
      client.readContract({ address: getAddress(settings.idRegistryAddress), abi: idRegistryAbi, functionName: 'custodyOf', args: [BigInt(fid)] }),
    ])
    if (chainId !== settings.chainId) throw new Error('The Farcaster RPC serves another chain')
    owner = custody
  } catch {
    throw invalidFarcasterCredentials('Could not read the custody address of the fid')
  }
  if (owner === zeroAddress) throw invalidFarcasterCredentials('The fid is not registered')
  return owner
}
