import { z } from 'zod'
import { httpUrl } from '../../apps/file-schema-parts.js'
import type { LoginMethodSettings } from '../login-method.js'

const contractAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be a contract address')
const file = {
  farcaster: z.strictObject({
    rpc_url: httpUrl,
    id_registry_address: contractAddress,
    chain_id: z.number().int().positive(),
    key_registry_address: contractAddress.optional(),
  }).optional(),
}

export const farcasterSettings: LoginMethodSettings<typeof file> = {
  file,
  fromFile: ({ farcaster }) => ({
    farcaster: farcaster && {
      rpcUrl: farcaster.rpc_url, idRegistryAddress: farcaster.id_registry_address, chainId: farcaster.chain_id,
      ...(farcaster.key_registry_address && { keyRegistryAddress: farcaster.key_registry_address }),
    },
  }),
}
