import { httpUrl, textFlag, UsageError, type CliFlagValues } from '../../apps/cli-flag-parsing.js'
import type { AppRecord } from '../../apps/types.js'
import type { LoginMethodCliFlags } from '../login-method.js'
import { OPTIMISM_ID_REGISTRY, type FarcasterSettings } from './settings.js'

const options = {
  'farcaster-rpc-url': textFlag,
  'farcaster-id-registry': textFlag,
  'farcaster-chain-id': textFlag,
  'farcaster-key-registry': textFlag,
  'farcaster-registry': textFlag,
} as const

/** The Farcaster ID registry: each flag replaces its part; `--farcaster-registry default` restores Optimism mainnet. */
function farcasterInput(values: CliFlagValues<typeof options>, base: AppRecord): FarcasterSettings | undefined {
  const {
    'farcaster-rpc-url': rpcUrl,
    'farcaster-id-registry': registry,
    'farcaster-chain-id': chainId,
    'farcaster-key-registry': keyRegistry,
    'farcaster-registry': reset,
  } = values
  if (reset !== undefined) {
    if (reset !== 'default') throw new UsageError('--farcaster-registry takes default')
    if (rpcUrl !== undefined || registry !== undefined || chainId !== undefined || keyRegistry !== undefined)
      throw new UsageError('--farcaster-registry default cannot be combined with other --farcaster-* flags')
    return OPTIMISM_ID_REGISTRY
  }
  if (rpcUrl === undefined && registry === undefined && chainId === undefined && keyRegistry === undefined) return undefined
  if (registry !== undefined && !/^0x[0-9a-fA-F]{40}$/.test(registry)) throw new UsageError(`--farcaster-id-registry: '${registry}' is not a contract address`)
  if (keyRegistry !== undefined && !/^0x[0-9a-fA-F]{40}$/.test(keyRegistry))
    throw new UsageError(`--farcaster-key-registry: '${keyRegistry}' is not a contract address`)
  if (chainId !== undefined && (!/^\d{1,20}$/.test(chainId) || Number(chainId) < 1))
    throw new UsageError(`--farcaster-chain-id: '${chainId}' is not an EIP-155 chain id`)
  const keyRegistryAddress = keyRegistry ?? base.farcaster.keyRegistryAddress
  return {
    rpcUrl: rpcUrl === undefined ? base.farcaster.rpcUrl : httpUrl('farcaster-rpc-url', rpcUrl),
    idRegistryAddress: registry ?? base.farcaster.idRegistryAddress,
    chainId: chainId === undefined ? base.farcaster.chainId : Number(chainId),
    ...(keyRegistryAddress && { keyRegistryAddress }),
  }
}

export const farcasterCliFlags: LoginMethodCliFlags<typeof options> = {
  usage: `  --farcaster-rpc-url <url>, --farcaster-id-registry <address>, --farcaster-chain-id <id> (where Sign-In with
  Farcaster reads custody addresses; default Optimism mainnet), --farcaster-key-registry <address> (the KeyRegistry
  Farcaster signers are read from), --farcaster-registry default (back to the default)`,
  options,
  toInput: (values, current) => ({ farcaster: farcasterInput(values, current) }),
}
