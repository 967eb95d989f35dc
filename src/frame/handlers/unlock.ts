/**
 * Opens a share set with this device's share and the server's auth share. The server is asked first, so a missing,
 * expired or foreign token is refused before any share is read (docs/security.md #41). A device share that is missing or
 * of another version than the server's → `wallet_not_on_device` (the host then recovers).
 */
import { openShareSet, type OpenedShareSet } from '../custody/open-share-set.js'
import { sameAddress } from '../../protocol/same-address.js'
import { base64ToBytes } from '../encoding.js'
import { FrameError } from '../errors.js'
import type { EmbeddedChainType } from '../../protocol/index.js'
import type { FrameContext } from './context.js'

export interface UnlockedShareSet extends OpenedShareSet {
  shareVersion: number
}

/** The server answers for the share set holding `entropyId`: it must be that set itself, not one of its other wallets. */
export function assertSameShareSet(chainType: EmbeddedChainType, served: string, asked: string): void {
  if (!sameAddress(chainType, served, asked)) throw new FrameError('invalid_request_arguments', 'Invalid entropyId')
}

export const notOnDevice = () => new FrameError('wallet_not_on_device', 'Wallet not found on this device')

export async function unlockShareSet(context: FrameContext, accessToken: string, entropyId: string, chainType: EmbeddedChainType): Promise<UnlockedShareSet> {
  const material = await context.api.authShare(accessToken, entropyId, { chain_type: chainType })
  assertSameShareSet(chainType, material.entropy_id, entropyId)
  const device = await context.deviceShares.get(context.appId, entropyId)
  if (!device || device.shareVersion !== material.share_version) throw notOnDevice()
  const authShare = base64ToBytes(material.auth_share)
  if (!authShare) throw new FrameError('error', 'Wallet data is missing')
  return { ...(await openShareSet(device.share, authShare, entropyId, chainType)), shareVersion: material.share_version }
}
