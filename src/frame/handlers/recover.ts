/**
 * `recover`: this device has no current device share. The auth share and the recovery share (unsealed by the server
 * for automatic recovery, or opened here with the user's password or the key in their Google Drive) rebuild the entropy; after the address check a
 * new split gives this device its share and retires the old auth share on the server.
 */
import type { KeyMaterialResponse, RecoverData } from '../../protocol/index.js'
import { openShareSet } from '../custody/open-share-set.js'
import { openShareWithKey } from '../custody/seal-key.js'
import { openSealedShare } from '../custody/seal-password.js'
import { base64ToBytes } from '../encoding.js'
import { FrameError } from '../errors.js'
import { chainOfVerifier, requireCloudKeys, type FrameContext } from './context.js'
import { isServerWallet } from '../server-wallets/is-server-wallet.js'
import { reshareShareSet, type RecoveryChoice } from './reshare.js'
import { assertSameShareSet } from './unlock.js'
import { requireAccessToken, requirePassword, requireText, requireVerifier } from './validate.js'

const missingData = () => new FrameError('error', 'Wallet data is missing')

async function recoveryShareOf(
  context: FrameContext,
  material: KeyMaterialResponse,
  data: RecoverData,
  entropyId: string,
): Promise<{ share: Uint8Array; choice: RecoveryChoice }> {
  if (material.recovery_method === 'privy') {
    const share = base64ToBytes(material.recovery_share ?? '')
    if (!share) throw missingData()
    return { share, choice: { method: 'privy' } }
  }
  const sealed = material.sealed_recovery_share
  if (!sealed) throw missingData()
  if (material.recovery_method === 'user-passcode' && 'kdf' in sealed) {
    const checkedPassword = requirePassword(data.recoveryPassword)
    return { share: await openSealedShare(sealed, checkedPassword, entropyId), choice: { method: 'user-passcode', password: checkedPassword } }
  }
  if (material.recovery_method === 'google-drive' && 'key_file' in sealed) {
    // The key comes from the Google account the user picked; another account's Drive has no such file.
    const key = await requireCloudKeys(context).read(
      requireText(data.recoveryAccessToken, 'recoveryAccessToken', 4096),
      requireText(sealed.key_file, 'key_file'),
    )
    return { share: await openShareWithKey(sealed, key, entropyId), choice: { method: 'google-drive', key, keyFile: sealed.key_file } }
  }
  throw new FrameError('error', 'Unsupported recovery action')
}

export async function recoverWallet(context: FrameContext, data: RecoverData): Promise<{ entropyId: string }> {
  const accessToken = requireAccessToken(data.accessToken)
  const entropyId = requireText(data.entropyId, 'entropyId')
  const chainType = chainOfVerifier(requireVerifier(data.entropyIdVerifier))
  // Nothing of a server-managed wallet lives on a device: there is nothing to recover.
  if (await isServerWallet(context, accessToken, entropyId, chainType)) return { entropyId }

  const material = await context.api.keyMaterial(accessToken, entropyId, { chain_type: chainType })
  assertSameShareSet(chainType, material.entropy_id, entropyId)
  const authShare = base64ToBytes(material.auth_share)
  if (!authShare) throw missingData()
  const recovery = await recoveryShareOf(context, material, data, entropyId)
  const { entropy } = await openShareSet(authShare, recovery.share, entropyId, chainType)
  // The same recovery method as before: a password wallet is re-sealed with the password just proven.
  await reshareShareSet(context, { accessToken, entropyId, chainType, entropy, previousVersion: material.share_version, recovery: recovery.choice })
  return { entropyId }
}
