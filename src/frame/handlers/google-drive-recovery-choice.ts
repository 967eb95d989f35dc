/** A Google Drive recovery for share set `entropyId`: a new key written to a new file in the user's Drive before any share is sealed with it. */
import { newRecoveryKey } from '../custody/seal-key.js'
import { keyFileName } from '../recovery/google-drive.js'
import { requireCloudKeys, type FrameContext } from './context.js'
import type { RecoveryChoice } from './reshare.js'
import { requireText } from './validate.js'

export async function googleDriveRecoveryChoice(context: FrameContext, recoveryAccessToken: unknown, entropyId: string): Promise<RecoveryChoice> {
  const key = newRecoveryKey()
  const keyFile = keyFileName(entropyId)
  await requireCloudKeys(context).write(requireText(recoveryAccessToken, 'recoveryAccessToken', 4096), keyFile, key)
  return { method: 'google-drive', key, keyFile }
}
