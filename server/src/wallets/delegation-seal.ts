import { hkdfSync } from 'node:crypto'
import { sealRecoveryShare, unsealRecoveryShare, type SealBinding } from './recovery-seal.js'

/**
 * Delegated device shares are sealed at rest like automatic-recovery shares (AES-256-GCM bound to app, entropy id and
 * share version) under their own key, derived from the recovery key with its own label: a sealed delegation share
 * never opens as a recovery share, nor the other way round.
 */
const delegationKey = (recoveryKey: Buffer) => Buffer.from(hkdfSync('sha256', recoveryKey, Buffer.alloc(0), 'tessera wallet delegation v1', 32))

export const sealDelegatedShare = (recoveryKey: Buffer, share: string, binding: SealBinding): string =>
  sealRecoveryShare(delegationKey(recoveryKey), share, binding)

export const unsealDelegatedShare = (recoveryKey: Buffer, sealed: string, binding: SealBinding): string =>
  unsealRecoveryShare(delegationKey(recoveryKey), sealed, binding)
