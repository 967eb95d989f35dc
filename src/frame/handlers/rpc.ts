/** `rpc`: signs with wallet `hdWalletIndex` of a share set. Keys exist only for this call (no cache: every signature asks the server for the auth share, so a revoked session signs nothing). */
import type { FrameResponseData, RpcData } from '../../protocol/index.js'
import { FrameError, isFrameError } from '../errors.js'
import { signWithServerWallet } from '../server-wallets/sign.js'
import { chainOfVerifier, type FrameContext } from './context.js'
import { signEthereumRequest } from './ethereum-rpc.js'
import { signSolanaRequest } from './solana-rpc.js'
import { unlockShareSet } from './unlock.js'
import { requireAccessToken, requireChainType, requireText, requireVerifier, requireWalletIndex } from './validate.js'

export async function signRpc(context: FrameContext, data: RpcData): Promise<FrameResponseData['rpc']> {
  const accessToken = requireAccessToken(data.accessToken)
  const entropyId = requireText(data.entropyId, 'entropyId')
  const chainType = chainOfVerifier(requireVerifier(data.entropyIdVerifier))
  if (requireChainType(data.chainType) !== chainType) throw new FrameError('invalid_request_arguments', 'Invalid chainType for this wallet')
  const index = requireWalletIndex(data.hdWalletIndex)
  const method = typeof data.request?.method === 'string' ? data.request.method : ''
  if (data.walletId !== undefined) return signWithServerWallet(context, accessToken, data)
  // Only the wallet API sends for a wallet (and lets the app pay): no share is opened for a send this frame cannot make.
  if ((data.request as { sponsor?: unknown } | undefined)?.sponsor === true) throw sponsorshipNotAvailableError()

  const { keys } = await unlockShareSet(context, accessToken, entropyId, chainType)
  try {
    const signed =
      data.chainType === 'ethereum' ? await signEthereumRequest(keys.ethereum(index), data.request) : signSolanaRequest(keys.solana(index), data.request)
    return { method, data: signed }
  } catch (error) {
    // viem's own checks (fee caps, typed-data shapes) name the request, never the key.
    if (isFrameError(error)) throw error
    throw new FrameError('invalid_request_arguments', `Invalid ${method} request`)
  }
}

/** A sponsored send for an on-device wallet: only server-managed wallets are sponsored. */
const sponsorshipNotAvailableError = () => new FrameError('invalid_request_arguments', 'Gas sponsorship is only available for server-managed wallets')
