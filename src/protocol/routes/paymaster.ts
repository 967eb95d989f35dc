/**
 * The app's ERC-7677 paymaster (gas sponsorship, issue 17): JSON-RPC 2.0 `pm_getPaymasterStubData` and
 * `pm_getPaymasterData` for EntryPoint 0.7 and 0.8 user operations. The caller is the signed-in user: send
 * `Authorization: Bearer <access token>`; the path names the app (JSON-RPC clients send no app header).
 */
import { post, type JsonRpcEnvelope } from './route.js'

export const paymasterRoute = post<JsonRpcEnvelope, JsonRpcEnvelope>('/api/v1/apps/:app_id/paymaster')
