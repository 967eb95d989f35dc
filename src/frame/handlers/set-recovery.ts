/** `set-recovery`: switches a share set between automatic, password and Google Drive recovery (or changes the password) by a reshare. */
import type { SetRecoveryData, UserDto } from '../../protocol/index.js'
import { FrameError } from '../errors.js'
import { chainOfVerifier, requireCloudKeys, type FrameContext } from './context.js'
import { googleDriveRecoveryChoice } from './google-drive-recovery-choice.js'
import { reshareShareSet, type RecoveryChoice } from './reshare.js'
import { unlockShareSet } from './unlock.js'
import { requireAccessToken, requirePassword, requireText, requireVerifier } from './validate.js'

/** The new recovery; a Google Drive backup first writes a new key file, so the one in use is never overwritten. */
async function recoveryChoiceOf(context: FrameContext, data: SetRecoveryData, entropyId: string): Promise<RecoveryChoice> {
  if (data.recoveryMethod === 'privy') return { method: 'privy' }
  if (data.recoveryMethod === 'user-passcode') return { method: 'user-passcode', password: requirePassword(data.recoveryPassword) }
  if (data.recoveryMethod === 'google-drive') return googleDriveRecoveryChoice(context, data.recoveryAccessToken, entropyId)
  throw new FrameError('error', 'Unsupported recovery action')
}

export async function setRecovery(context: FrameContext, data: SetRecoveryData): Promise<{ entropyId: string; user: UserDto }> {
  const accessToken = requireAccessToken(data.accessToken)
  const entropyId = requireText(data.entropyId, 'entropyId')
  const chainType = chainOfVerifier(requireVerifier(data.entropyIdVerifier))

  const { entropy, shareVersion } = await unlockShareSet(context, accessToken, entropyId, chainType)
  const recovery = await recoveryChoiceOf(context, data, entropyId)
  const { user } = await reshareShareSet(context, { accessToken, entropyId, chainType, entropy, previousVersion: shareVersion, recovery })
  // Only once the server uses the new backup: older key files of this wallet go (a failure leaves them, harmlessly).
  if (recovery.method === 'google-drive')
    await requireCloudKeys(context)
      .prune(data.recoveryAccessToken!, entropyId, recovery.keyFile)
      .catch(() => {})
  return { entropyId, user }
}
