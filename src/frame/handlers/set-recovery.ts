/** `set-recovery`: switches a share set between automatic and password recovery (or changes the password) by a reshare. */
import type { SetRecoveryData, UserDto } from '../../protocol/index.js'
import { FrameError } from '../errors.js'
import { chainOfVerifier, type FrameContext } from './context.js'
import { reshareShareSet, type RecoveryChoice } from './reshare.js'
import { unlockShareSet } from './unlock.js'
import { requireAccessToken, requirePassword, requireText, requireVerifier } from './validate.js'

function recoveryChoiceOf(data: SetRecoveryData): RecoveryChoice {
  if (data.recoveryMethod === 'privy') return { method: 'privy' }
  if (data.recoveryMethod === 'user-passcode') return { method: 'user-passcode', password: requirePassword(data.recoveryPassword) }
  throw new FrameError('error', 'Unsupported recovery action')
}

export async function setRecovery(context: FrameContext, data: SetRecoveryData): Promise<{ entropyId: string; user: UserDto }> {
  const accessToken = requireAccessToken(data.accessToken)
  const entropyId = requireText(data.entropyId, 'entropyId')
  const chainType = chainOfVerifier(requireVerifier(data.entropyIdVerifier))
  const recovery = recoveryChoiceOf(data)

  const { entropy, shareVersion } = await unlockShareSet(context, accessToken, entropyId, chainType)
  const { user } = await reshareShareSet(context, { accessToken, entropyId, chainType, entropy, previousVersion: shareVersion, recovery })
  return { entropyId, user }
}
