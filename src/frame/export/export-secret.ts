/**
 * What the export frame shows (funding spec, "Screens and routes": "Key export"): the wallet's private key (Ethereum hex; Solana base58 of the
 * 64-byte secret key, seed then public key, as Phantom imports it) and, for an HD wallet when asked, its seed phrase.
 * The server releases the auth share for export only (fresh sign-in, MFA); it opens with this device's share, or with
 * the recovery share of an automatic-recovery wallet when the browser keeps this frame from the device share, always
 * after the address check (docs/security.md #45). A server-managed wallet's key comes from the server's signer, sealed to
 * this frame, under the same gate and check. The result stays in this frame's document.
 */
import { MFA_ATTEMPTS, type MfaSubmission } from '../../protocol/index.js'
import { mnemonicOf } from '../../protocol/custody/entropy.js'
import { exportedKeyText } from '../../protocol/custody/exported-key.js'
import { openShareSet } from '../custody/open-share-set.js'
import { base64ToBytes } from '../encoding.js'
import { FrameError, isFrameError } from '../errors.js'
import type { FrameContext } from '../handlers/context.js'
import { assertSameShareSet, notOnDevice } from '../handlers/unlock.js'
import { exportServerWalletKey } from '../server-wallets/export-key.js'
import { serverWalletIdOf } from '../server-wallets/is-server-wallet.js'
import type { ExportTarget } from './export-query.js'

export interface ExportedSecret {
  address: string
  privateKey: string
  seedPhrase: string | null
}
export type ExportContext = Pick<FrameContext, 'appId' | 'api' | 'deviceShares' | 'serverWallets'>

/** The two shares that open the wallet: this device's and the auth share, or (device share out of reach) the key material. */
async function sharesToOpen(context: ExportContext, accessToken: string, { entropyId, chainType }: ExportTarget): Promise<[Uint8Array, Uint8Array]> {
  // A browser that refuses this frame storage keeps the device share in the wallet frame's memory, out of reach here.
  const device = await context.deviceShares.get(context.appId, entropyId).catch(() => null)
  const material = await context.api.exportShare(accessToken, entropyId, { chain_type: chainType, ...(!device && { include_recovery: true }) })
  assertSameShareSet(chainType, material.entropy_id, entropyId)
  const authShare = base64ToBytes(material.auth_share)
  if (!authShare) throw new FrameError('error', 'Wallet data is missing')
  if (device) {
    if (device.shareVersion !== material.share_version) throw notOnDevice()
    return [device.share, authShare]
  }
  // Automatic recovery only: a password wallet's recovery share opens with its password, which export does not ask.
  const recoveryShare = 'recovery_method' in material && material.recovery_method === 'privy' ? base64ToBytes(material.recovery_share ?? '') : null
  if (!recoveryShare) throw notOnDevice()
  return [authShare, recoveryShare]
}

async function onDeviceSecret(context: ExportContext, accessToken: string, target: ExportTarget): Promise<ExportedSecret> {
  const { entropyId, chainType, hdWalletIndex } = target
  const [first, second] = await sharesToOpen(context, accessToken, target)
  const { entropy, keys } = await openShareSet(first, second, entropyId, chainType)
  const seedPhrase = target.phraseExport && !keys.imported ? mnemonicOf(entropy) : null
  if (chainType === 'ethereum') {
    return { address: keys.ethereum(hdWalletIndex).address, privateKey: exportedKeyText(chainType, keys.ethereumKey(hdWalletIndex)), seedPhrase }
  }
  const { privateKey, address } = keys.solana(hdWalletIndex)
  return { address, privateKey: exportedKeyText(chainType, privateKey), seedPhrase }
}

export async function exportSecret(context: ExportContext, accessToken: string, target: ExportTarget): Promise<ExportedSecret> {
  const { serverWallets } = context
  const walletId = serverWallets ? await serverWalletIdOf(context, accessToken, target.entropyId, target.chainType) : null
  if (!serverWallets || !walletId) return onDeviceSecret(context, accessToken, target)
  // A server-managed wallet is one key made alone: it has no seed phrase.
  const key = await exportServerWalletKey(serverWallets, context.appId, accessToken, { walletId, address: target.entropyId, chainType: target.chainType })
  return { ...key, seedPhrase: null }
}

/** The parent's answer to a token request: the access token, and the user's MFA answer when one was asked for. */
export interface ParentAnswer {
  accessToken: string
  mfa?: MfaSubmission
}
export type AskParent = (mfaRequired: boolean) => Promise<ParentAnswer>

/**
 * `exportSecret` behind the MFA gate (wallet spec, "States and transitions": `withMfa`): refused for want of MFA, the frame asks the parent for
 * the user's answer, verifies it with the server (the MFA token stays in this frame) and tries again, up to 4 times.
 */
export async function exportSecretWithMfa(context: ExportContext, ask: AskParent, target: ExportTarget): Promise<ExportedSecret> {
  for (let attempt = 1; ; attempt++) {
    const mfaRequired = attempt > 1
    const { accessToken, mfa } = await ask(mfaRequired)
    try {
      if (mfaRequired && !mfa) throw new FrameError('missing_or_invalid_mfa', 'MFA verification required')
      if (mfa) await context.api.verifyMfa(accessToken, mfa)
      return await exportSecret(context, accessToken, target)
    } catch (error) {
      if (!isFrameError(error) || error.type !== 'missing_or_invalid_mfa' || (mfaRequired && !mfa) || attempt >= MFA_ATTEMPTS) throw error
    }
  }
}
