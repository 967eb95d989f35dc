/**
 * `delegated-actions:consent`: the user agreed (in the host's modal) to let the app's backend sign with one wallet
 * while they are offline. The frame unlocks the share set the usual way (auth share first, so MFA when enrolled; the
 * device share must be current; the address check after the combine), proves the address is wallet `hdWalletIndex`
 * of it, and only then hands the device share to the server, which seals it. Nothing secret goes back to the host.
 */
import { DELEGATION_NOT_OWNED_MESSAGE, type DelegateWalletData, type FrameResponseData } from '../../protocol/index.js'
import { sameAddress } from '../../protocol/same-address.js'
import { keysAddress } from '../custody/wallet-keys.js'
import { bytesToBase64 } from '../encoding.js'
import { FrameError } from '../errors.js'
import { chainOfVerifier, type FrameContext } from './context.js'
import { notOnDevice, unlockShareSet } from './unlock.js'
import { requireAccessToken, requireChainType, requireText, requireVerifier, requireWalletIndex } from './validate.js'

export async function delegateWallet(context: FrameContext, data: DelegateWalletData): Promise<FrameResponseData['delegated-actions:consent']> {
  const accessToken = requireAccessToken(data.accessToken)
  const entropyId = requireText(data.entropyId, 'entropyId')
  const address = requireText(data.address, 'address', 100)
  const chainType = chainOfVerifier(requireVerifier(data.entropyIdVerifier))
  if (requireChainType(data.chainType) !== chainType) throw new FrameError('invalid_request_arguments', 'Invalid chainType for this wallet')
  const index = requireWalletIndex(data.hdWalletIndex)

  const { entropy, keys, shareVersion } = await unlockShareSet(context, accessToken, entropyId, chainType)
  try {
    if (!sameAddress(chainType, keysAddress(keys, chainType, index), address)) throw new FrameError('invalid_request_arguments', DELEGATION_NOT_OWNED_MESSAGE)
  } finally {
    entropy.fill(0)
  }
  const device = await context.deviceShares.get(context.appId, entropyId)
  if (!device || device.shareVersion !== shareVersion) throw notOnDevice()
  const { user } = await context.api.delegate(accessToken, { address, chain_type: chainType, device_share: bytesToBase64(device.share) })
  return { user }
}
