import type { RecoveryShareInput } from '../../../src/protocol/index.js'
import type { AppRecord } from '../apps/types.js'
import { ApiError } from '../http/api-error.js'
import type { RecoveryMethod } from './store.js'
import { sealRecoveryShare, type SealBinding } from './recovery-seal.js'

/** How a recovery share input is stored: automatic → sealed with the server's recovery key; password or cloud → the frame's sealed blob as is. */
export function storedRecoveryShare(
  recoveryKey: Buffer,
  input: RecoveryShareInput,
  binding: SealBinding,
): { recoveryMethod: RecoveryMethod; recoveryShareSealed: string } {
  if (input.method === 'privy') return { recoveryMethod: 'privy', recoveryShareSealed: sealRecoveryShare(recoveryKey, input.share, binding) }
  return { recoveryMethod: input.method, recoveryShareSealed: JSON.stringify(input.sealed) }
}

/** A user-owned method the app does not offer is refused (automatic recovery is always allowed). */
export function assertRecoveryMethodAllowed(app: AppRecord, input: RecoveryShareInput): void {
  if (input.method !== 'privy' && !app.embeddedWallets.userOwnedRecoveryOptions.includes(input.method)) {
    throw new ApiError(400, 'disallowed_recovery_method', `This app does not offer ${input.method} recovery`)
  }
}

/** The recovery share the server can see (automatic recovery only), for the split check. */
export const visibleRecoveryShare = (input: RecoveryShareInput): string | null => (input.method === 'privy' ? input.share : null)
