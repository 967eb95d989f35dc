/**
 * How embedded wallets run a gated frame call: once as is, and only when the frame answers that MFA is missing,
 * through client.mfa's challenge (whose code loads then: users without MFA never load it).
 */
import type { MfaSubmission } from '../../protocol/index.js'
import { isMfaMissing } from './errors.js'
import type { MfaImpl } from './mfa.js'

export function mfaGate(loadMfa: () => Promise<MfaImpl>) {
  return async <T>(run: (mfa?: MfaSubmission) => Promise<T>): Promise<T> => {
    try {
      return await run()
    } catch (error) {
      if (!isMfaMissing(error)) throw error
    }
    return (await loadMfa()).withMfa('wallet-action', run, { refused: true })
  }
}
