/** The wallet API routes the frame calls for server-managed wallets, on its own origin with the session's bearer token. */
import {
  walletApiRoutes,
  type CreateServerWalletBody,
  type ImportServerWalletBody,
  type RegisterUserSignerBody,
  type RegisterUserSignerResponse,
  type ServerWallet,
  type ServerWalletExportBody,
  type ServerWalletExportResponse,
  type ServerWalletRpcBody,
  type ServerWalletRpcResponse,
} from '../../protocol/index.js'
import { frameCall, type HttpFrameApiOptions } from '../api.js'

export interface ServerWalletApi {
  /** The absolute URL of a path on the frame's server: what an authorization signature names. */
  urlOf(path: string): string
  create(accessToken: string, body: CreateServerWalletBody): Promise<ServerWallet>
  import(accessToken: string, body: ImportServerWalletBody): Promise<ServerWallet>
  registerUserSigner(accessToken: string, body: RegisterUserSignerBody): Promise<RegisterUserSignerResponse>
  /** `authorization`: the signature and expiry headers, signed over this very body. */
  rpc(accessToken: string, walletId: string, body: ServerWalletRpcBody, authorization: Record<string, string>): Promise<ServerWalletRpcResponse>
  /** The wallet's key sealed to `body.recipient_public_key`; authorized like `rpc`. */
  export(accessToken: string, walletId: string, body: ServerWalletExportBody, authorization: Record<string, string>): Promise<ServerWalletExportResponse>
}

export function httpServerWalletApi(options: HttpFrameApiOptions & { origin: string }): ServerWalletApi {
  const call = frameCall(options)
  return {
    urlOf: (path) => `${options.origin}${path}`,
    create: (token, body) => call(walletApiRoutes.create, token, body),
    import: (token, body) => call(walletApiRoutes.import, token, body),
    registerUserSigner: (token, body) => call(walletApiRoutes.userSigners, token, body),
    rpc: (token, walletId, body, authorization) => call(walletApiRoutes.rpc, token, body, { wallet_id: walletId }, authorization),
    export: (token, walletId, body, authorization) => call(walletApiRoutes.export, token, body, { wallet_id: walletId }, authorization),
  }
}
