/**
 * The chain relay: one JSON-RPC 2.0 request to the app's configured RPC of an EVM chain or a Solana cluster, through
 * the API origin (docs/decisions.md "Chain RPC through the API server"). The page's JSON-RPC clients post here
 * without the app header, so the path names the app.
 */
import { post, type JsonRpcEnvelope } from './route.js'

export const evmRelayRoute = post<JsonRpcEnvelope, JsonRpcEnvelope>('/api/v1/apps/:app_id/rpc/evm/:chain_id')
export const solanaRelayRoute = post<JsonRpcEnvelope, JsonRpcEnvelope>('/api/v1/apps/:app_id/rpc/solana/:cluster')
