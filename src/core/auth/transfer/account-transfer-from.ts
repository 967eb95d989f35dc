import type { AccountTransferErrorData } from '../../../protocol/index.js'
import { TesseraError } from '../../errors/base-error.js'
import type { AccountTransfer } from './types.js'

/**
 * Reads an `account_transfer_required` error (wallet spec, "Screens and routes": "Account transfer") into what the transfer
 * screens show; null for any other error or one without a nonce. `account` is the email or number the
 * user tried to link; an OAuth subject comes from the error itself.
 */
export function accountTransferFrom(error: unknown, context: { linkMethod: AccountTransfer['linkMethod']; account: string }): AccountTransfer | null {
  if (!TesseraError.is(error) || error.code !== 'account_transfer_required') return null
  const data = (error.data ?? {}) as Partial<AccountTransferErrorData>
  if (typeof data.nonce !== 'string' || !data.nonce) return null
  const account = typeof data.subject === 'string' ? data.subject : context.account
  return {
    nonce: data.nonce,
    linkMethod: context.linkMethod,
    account,
    displayName: typeof data.account?.displayName === 'string' ? data.account.displayName : account,
    embeddedWalletAddress: typeof data.otherUser?.embeddedWalletAddress === 'string' ? data.otherUser.embeddedWalletAddress : null,
  }
}
