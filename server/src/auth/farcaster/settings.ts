import { z } from 'zod'
import { httpUrl } from '../../apps/file-schema-parts.js'
import type { AppRecord } from '../../apps/types.js'
import type { LoginMethodSettings } from '../login-method.js'

/** Where Sign-In with Farcaster reads an fid's custody address: the ID registry contract (`custodyOf(uint256)`) over an RPC. */
export interface FarcasterSettings {
  rpcUrl: string
  idRegistryAddress: string
  /** The registry's EIP-155 chain; the RPC must answer with it. */
  chainId: number
  /** The KeyRegistry on the same chain (`keyDataOf(uint256,bytes)`), read for Farcaster signers; default OPTIMISM_KEY_REGISTRY_ADDRESS. */
  keyRegistryAddress?: string
}

/** Farcaster's KeyRegistry on Optimism mainnet. */
export const OPTIMISM_KEY_REGISTRY_ADDRESS = '0x00000000Fc1237824fb747aBDE0FF18990E59b7e'

/** Farcaster's IdRegistry on Optimism mainnet, read through the public Optimism RPC. */
export const OPTIMISM_ID_REGISTRY: FarcasterSettings = {
  rpcUrl: 'https://mainnet.optimism.io',
  idRegistryAddress: '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b',
  chainId: 10,
}

declare module '../../apps/types.js' {
  interface AppRecord {
    /** The Farcaster ID registry to verify against; defaults to Optimism mainnet. */
    farcaster: FarcasterSettings
  }
}

/** Its settings' defaults, in the app's `settings` column (`apps/store.ts`); apps stored without them read these. */
export const farcasterSettingDefaults: Pick<AppRecord, 'farcaster'> = { farcaster: OPTIMISM_ID_REGISTRY }

const contractAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be a contract address')
const file = {
  farcaster: z
    .strictObject({
      rpc_url: httpUrl,
      id_registry_address: contractAddress,
      chain_id: z.number().int().positive(),
      key_registry_address: contractAddress.optional(),
    })
    .optional(),
}

export const farcasterSettings: LoginMethodSettings<typeof file> = {
  file,
  fromFile: ({ farcaster }) => ({
    farcaster: farcaster && {
      rpcUrl: farcaster.rpc_url,
      idRegistryAddress: farcaster.id_registry_address,
      chainId: farcaster.chain_id,
      ...(farcaster.key_registry_address && { keyRegistryAddress: farcaster.key_registry_address }),
    },
  }),
}
