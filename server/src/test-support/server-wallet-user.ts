import { webcrypto } from 'node:crypto'
import {
  AUTHORIZATION_SIGNATURE_HEADER,
  authorizationPayload,
  REQUEST_EXPIRY_HEADER,
  walletApiRoutes,
  type EmbeddedChainType,
} from '../../../src/protocol/index.js'
import type { ApiResponse, TestServer } from './test-server.js'

/** A signed-in user with a registered P-256 user signer, one server-managed wallet, and signed rpc calls for it. */
export interface ServerWalletUser {
  userId: string
  wallet: { id: string; address: string }
  /** POST /wallets/{id}/rpc with the user's token and an authorization signature over the body, as a client sends it. */
  rpc(body: object): Promise<ApiResponse>
}

export async function serverWalletUser(server: TestServer, chainType: EmbeddedChainType): Promise<ServerWalletUser> {
  const login = await server.login(`server-wallet-${chainType}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`)
  const pair = await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify'])
  const spki = Buffer.from(await webcrypto.subtle.exportKey('spki', pair.publicKey)).toString('base64')
  const registered = await server.call(walletApiRoutes.userSigners.path, { body: { public_key: spki }, token: login.body.token })
  if (registered.status !== 200) throw new Error(`user signer not registered: ${registered.status}`)
  const created = await server.call(walletApiRoutes.create.path, { body: { chain_type: chainType }, token: login.body.token })
  if (created.status !== 200) throw new Error(`wallet not created: ${created.status}`)
  const wallet = created.body as { id: string; address: string }
  const rpc = async (body: object) => {
    const path = walletApiRoutes.rpc.path.replace(':wallet_id', wallet.id)
    const expiresAt = server.clock.now() + 60_000
    const payload = authorizationPayload({ method: 'POST', url: `${server.url}${path}`, body, appId: server.app.id, expiresAt })
    const signature = Buffer.from(await webcrypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, pair.privateKey, new TextEncoder().encode(payload))).toString(
      'base64',
    )
    return server.call(path, {
      body,
      token: login.body.token,
      headers: { [REQUEST_EXPIRY_HEADER]: String(expiresAt), [AUTHORIZATION_SIGNATURE_HEADER]: signature },
    })
  }
  return { userId: login.body.user.id as string, wallet, rpc }
}
