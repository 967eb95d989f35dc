/** The app's smart-wallet config (`GET /api/v1/apps/{app_id}/smart_wallets`) as the client uses it: chains by number. */
import { smartWalletConfigRoute } from '../../protocol/routes/app.js'
import type { SmartWalletConfig, SmartWalletConfigDto } from '../../protocol/smart-wallets.js'
import type { Transport } from '../api/transport.js'
import { smartWalletsNotEnabledError } from './errors.js'

export type { SmartWalletConfig, SmartWalletNetwork } from '../../protocol/smart-wallets.js'

export function toSmartWalletConfig(dto: SmartWalletConfigDto): SmartWalletConfig | null {
  if (!dto.enabled) return null
  return {
    type: dto.smart_wallet_type,
    version: dto.smart_wallet_version ?? null,
    networks: dto.configured_networks.map((network) => ({
      chainId: Number(network.chain_id.replace(/^eip155:/, '')),
      bundlerUrl: network.bundler_url,
      paymasterUrl: network.paymaster_url ?? null,
      rpcUrl: network.rpc_url ?? null,
      chainName: network.chain_name ?? null,
      paymasterContext: network.paymaster_context ?? null,
    })),
  }
}

/** The app's config; an app without smart wallets is a setup error (`invalid_config`). */
export async function getSmartWalletConfig(transport: Transport, appId: string): Promise<SmartWalletConfig> {
  const config = toSmartWalletConfig(await transport.request(smartWalletConfigRoute, { params: { app_id: appId } }))
  if (!config) throw smartWalletsNotEnabledError()
  return config
}
