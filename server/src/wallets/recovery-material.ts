import type { RecoveryShareInput } from '../../../src/protocol/index.js'
import type { RecoveryMethod } from './store.js'
import { sealRecoveryShare, type SealBinding } from './recovery-seal.js'

/** How a recovery share input is stored: automatic → sealed with the server's recovery key; password → the frame's sealed blob as is. */
export function storedRecoveryShare(recoveryKey: Buffer, input: RecoveryShareInput, binding: SealBinding): { recoveryMethod: RecoveryMethod; recoveryShareSealed: string } {
  if (input.method === 'privy') return { recoveryMethod: 'privy', recoveryShareSealed: sealRecoveryShare(recoveryKey, input.share, binding) }
  return { recoveryMethod: 'user-passcode', recoveryShareSealed: JSON.stringify(input.sealed) }
}

/** The recovery share the server can see (automatic recovery only), for the split check. */
export const visibleRecoveryShare = (input: RecoveryShareInput): string | null => (input.method === 'privy' ? input.share : null)
