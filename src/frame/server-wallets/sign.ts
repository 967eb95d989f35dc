/** `rpc` for a server-managed wallet (it has a `walletId`): no share is opened here; the server signs, authorized by the user signer. */
import type { FrameResponseData, RpcData, UserSignerSignData } from '../../protocol/index.js'
import { base64ToBytes } from '../encoding.js'
import { FrameError } from '../errors.js'
import { requireServerWallets, type FrameContext } from '../handlers/context.js'
import { requireAccessToken, requireText } from '../handlers/validate.js'
import { authorizedRpc, ensureUserSigner } from './authorized-rpc.js'
import { ethereumRpcBody, frameRpcAnswer, solanaRpcBody } from './rpc-body.js'

export async function signWithServerWallet(context: FrameContext, accessToken: string, data: RpcData): Promise<FrameResponseData['rpc']> {
  const serverWallets = requireServerWallets(context)
  const walletId = requireText(data.walletId, 'walletId', 200)
  const body = data.chainType === 'ethereum' ? ethereumRpcBody(data.request) : solanaRpcBody(data.request)
  return frameRpcAnswer(body.method, await authorizedRpc(serverWallets, context.appId, accessToken, walletId, body))
}

/** `user-signer:sign`: the reference client builds and sends the signed request itself; the frame only signs its payload. */
export async function signWithUserSigner(context: FrameContext, data: UserSignerSignData): Promise<FrameResponseData['user-signer:sign']> {
  const serverWallets = requireServerWallets(context)
  const accessToken = requireAccessToken(data.accessToken)
  const message = base64ToBytes(requireText(data.message, 'message', 65_536))
  if (!message || message.length === 0) throw new FrameError('invalid_request_arguments', 'Invalid message')
  await ensureUserSigner(serverWallets, accessToken)
  return { signature: await serverWallets.signer.sign(message) }
}
