/** `connect`: proves this device can open the share set (its device share is current and rebuilds the wallet). */
import type { ConnectData } from '../../protocol/index.js'
import { chainOfVerifier, type FrameContext } from './context.js'
import { unlockShareSet } from './unlock.js'
import { requireAccessToken, requireText, requireVerifier } from './validate.js'

export async function connectWallet(context: FrameContext, data: ConnectData): Promise<{ entropyId: string }> {
  const accessToken = requireAccessToken(data.accessToken)
  const entropyId = requireText(data.entropyId, 'entropyId')
  await unlockShareSet(context, accessToken, entropyId, chainOfVerifier(requireVerifier(data.entropyIdVerifier)))
  return { entropyId }
}
