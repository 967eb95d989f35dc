import type { SmartWalletConfigDto } from '../../../src/protocol/smart-wallets.js'
import type { SmartWalletSettings } from './types.js'

/** `GET /api/v1/apps/{app_id}/smart_wallets` (the reference's SmartWalletConfigurationResponse): `{ enabled: false }` without settings. */
export function toSmartWalletConfigDto(settings: SmartWalletSettings | null): SmartWalletConfigDto {
  if (!settings) return { enabled: false }
  return {
    enabled: true,
    smart_wallet_type: settings.type,
    ...(settings.version && { smart_wallet_version: settings.version }),
    configured_networks: settings.networks.map((network) => ({
      chain_id: `eip155:${network.chainId}`,
      bundler_url: network.bundlerUrl,
      ...(network.paymasterUrl && { paymaster_url: network.paymasterUrl }),
      ...(network.rpcUrl && { rpc_url: network.rpcUrl }),
      ...(network.chainName && { chain_name: network.chainName }),
      ...(network.paymasterContext && { paymaster_context: network.paymasterContext }),
    })),
  }
}
