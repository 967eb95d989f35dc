/** `connect`: proves this device can open the share set (its device share is current and rebuilds the wallet). */
import type { ConnectData } from '../../protocol/index.js'
import { chainOfVerifier, type FrameContext } from './context.js'
import { isServerWallet } from '../server-wallets/is-server-wallet.js'
import { unlockShareSet } from './unlock.js'
import { requireAccessToken, requireText, requireVerifier } from './validate.js'

export async function connectWallet(context: FrameContext, data: ConnectData): Promise<{ entropyId: string }> {
  const accessToken = requireAccessToken(data.accessToken)
  const entropyId = requireText(data.entropyId, 'entropyId')
  const chainType = chainOfVerifier(requireVerifier(data.entropyIdVerifier))
  try {
    await unlockShareSet(context, accessToken, entropyId, chainType)
  } catch (error) {
    // A server-managed wallet has no share set to open: it is connected as it is.
    if (!(await isServerWallet(context, accessToken, entropyId, chainType).catch(() => false))) throw error
  }
  return { entropyId }
}
