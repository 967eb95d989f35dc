import type { AppRecord, BridgeSettings } from '../../apps/types.js'

/** EVM testnets Relay's testnets API serves (Sepolia, Holesky, Base, OP and Arbitrum Sepolia, Polygon Amoy, Avalanche Fuji). */
const RELAY_TESTNET_CHAIN_IDS = new Set([11155111, 17000, 84532, 11155420, 421614, 80002, 43113])

/** A route is on Relay's testnets when either end is a testnet: the app's chain says so, or it is a known testnet. */
export function isTestnetRoute(app: AppRecord, chainIds: number[]): boolean {
  return chainIds.some((id) => app.chains.find((chain) => chain.id === id)?.testnet ?? RELAY_TESTNET_CHAIN_IDS.has(id))
}

export const relayApiUrl = (bridge: BridgeSettings, testnet: boolean) => (testnet ? bridge.testnetsApiUrl : bridge.apiUrl)
export const relayExplorerUrl = (bridge: BridgeSettings, testnet: boolean) => (testnet ? bridge.testnetsExplorerUrl : bridge.explorerUrl)

export const RELAY = 'The bridge service'

/** What a bridge request id may look like (Relay's are 0x-prefixed hex): anything else is never looked up or stored. */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9_-]{1,200}$/
