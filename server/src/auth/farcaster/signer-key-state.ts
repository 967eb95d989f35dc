import { createPublicClient, getAddress, http, parseAbi, type Hex } from 'viem'
import { OPTIMISM_KEY_REGISTRY_ADDRESS, type FarcasterSettings } from './settings.js'
import { ApiError } from '../../http/api-error.js'

const keyRegistryAbi = parseAbi(['function keyDataOf(uint256 fid, bytes key) view returns ((uint8 state, uint32 keyType))'])

/** KeyRegistry's KeyState (NULL, ADDED, REMOVED) and its one key type, ed25519 signers. */
const ADDED = 1
const REMOVED = 2
const ED25519_KEY_TYPE = 1

export type SignerKeyState = 'added' | 'removed' | 'absent'

/** Where `key` stands for `fid` on the app's KeyRegistry; a wrong chain or an unreachable RPC → 503, the caller may poll again. */
export async function signerKeyState(settings: FarcasterSettings, fid: number, key: Hex): Promise<SignerKeyState> {
  const client = createPublicClient({ transport: http(settings.rpcUrl, { timeout: 10_000, retryCount: 1 }) })
  try {
    const [chainId, data] = await Promise.all([
      client.getChainId(),
      client.readContract({
        address: getAddress(settings.keyRegistryAddress ?? OPTIMISM_KEY_REGISTRY_ADDRESS),
        abi: keyRegistryAbi,
        functionName: 'keyDataOf',
        args: [BigInt(fid), key],
      }),
    ])
    if (chainId !== settings.chainId) throw new Error('The Farcaster RPC serves another chain')
    if (data.keyType !== ED25519_KEY_TYPE) return 'absent'
    return data.state === ADDED ? 'added' : data.state === REMOVED ? 'removed' : 'absent'
  } catch {
    throw new ApiError(503, 'internal_error', 'Could not read the Farcaster key registry')
  }
}
