import { z } from 'zod'
import { smartWalletTypes } from '../../../src/protocol/smart-wallets.js'
import { httpUrl, text } from '../apps/file-schema-parts.js'
import type { SmartWalletSettings } from './types.js'

const networkSchema = z.strictObject({
  chain_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  bundler_url: httpUrl,
  paymaster_url: httpUrl.optional(),
  rpc_url: httpUrl.optional(),
  chain_name: text(100).optional(),
  paymaster_context: z.record(text(100), z.json()).optional(),
})

/** The `smart_wallets` section of an app in the config file (snake_case): the account type, its version and the chains. */
export const smartWalletsFileSchema = z.strictObject({
  type: z.enum(smartWalletTypes),
  version: text(50).optional(),
  networks: z
    .array(networkSchema)
    .min(1)
    .max(50)
    .refine((networks) => new Set(networks.map((network) => network.chain_id)).size === networks.length, 'each chain may appear once'),
})

export function smartWalletsFromFile(file: z.output<typeof smartWalletsFileSchema>): SmartWalletSettings {
  return {
    type: file.type,
    version: file.version ?? null,
    networks: file.networks.map((network) => ({
      chainId: network.chain_id,
      bundlerUrl: network.bundler_url,
      paymasterUrl: network.paymaster_url ?? null,
      rpcUrl: network.rpc_url ?? null,
      chainName: network.chain_name ?? null,
      paymasterContext: (network.paymaster_context as Record<string, unknown> | undefined) ?? null,
    })),
  }
}
