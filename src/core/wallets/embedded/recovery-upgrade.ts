/** Wallet spec, "States and transitions": "Recovery upgrade rules": which recovery method a share set may move to from the one it has. */
import type { RecoveryMethod } from '../../../protocol/index.js'
import { TesseraError } from '../../errors/base-error.js'

/** The methods `setRecovery` can set (iCloud's web flow is refused by the server). */
export type SettableRecoveryMethod = 'user-passcode' | 'privy' | 'google-drive' | 'icloud'
const settable: readonly string[] = ['user-passcode', 'privy', 'google-drive', 'icloud'] satisfies SettableRecoveryMethod[]

const openToAny: readonly RecoveryMethod[] = ['privy', 'user-passcode', 'recovery-encryption-key']
const cloudPlatforms: readonly RecoveryMethod[] = ['google-drive', 'icloud']

export const unknownRecoveryMethodError = () => new TesseraError({ code: 'unsupported_recovery_method', shortMessage: 'Unknown recovery method' })

/** Throws when a share set recovered by `from` may not switch to `to`. */
export function assertRecoveryUpgrade(from: RecoveryMethod, to: string): asserts to is SettableRecoveryMethod {
  if (from === 'privy-v2')
    throw new TesseraError({ code: 'unsupported_recovery_method', shortMessage: 'Setting recovery is not supported for server-managed wallets' })
  if (cloudPlatforms.includes(from) && from === to)
    throw new TesseraError({ code: 'unsupported_recovery_method', shortMessage: 'Cannot upgrade to the existing cloud platform' })
  if (!openToAny.includes(from) && !cloudPlatforms.includes(from)) throw unknownRecoveryMethodError()
  if (!settable.includes(to)) throw unknownRecoveryMethodError()
}
