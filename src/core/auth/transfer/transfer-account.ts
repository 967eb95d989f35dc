import { oauthProviders, type UserDto } from '../../../protocol/index.js'
import {
  transferEmailAccount,
  transferFarcasterAccount,
  transferOAuthAccount,
  transferPhoneAccount,
  transferTelegramAccount,
  transferWalletAccount,
} from '../../api/transfer.js'
import type { Transport } from '../../api/transport.js'
import { TesseraError } from '../../errors/base-error.js'
import { mustBeAuthenticatedError } from '../../errors/client-errors.js'
import type { AccountChanges } from '../../session/types.js'
import type { AccountTransfer } from './types.js'
import type { User } from '../../user/types.js'

export interface TransferAccountOptions {
  transport: Transport
  isAuthenticated(): boolean
  accountChanges: AccountChanges
}

const invalidTransferTypeError = () => new TesseraError({ code: 'invalid_data', shortMessage: 'Invalid transfer account type' })

/** The transfer route of the account's type (wallet spec, "The calls it makes"): custom, guest and passkey accounts have none. */
function requestTransfer(transport: Transport, { nonce, linkMethod, account }: AccountTransfer): Promise<UserDto> {
  if (linkMethod === 'email') return transferEmailAccount(transport, { nonce, email: account })
  if (linkMethod === 'sms') return transferPhoneAccount(transport, { nonce, phoneNumber: account })
  if (linkMethod === 'farcaster') return transferFarcasterAccount(transport, { nonce, farcaster_id: Number(account) })
  if (linkMethod === 'telegram') return transferTelegramAccount(transport, { nonce })
  if (linkMethod === 'siwe' || linkMethod === 'siws')
    return transferWalletAccount(transport, linkMethod === 'siwe' ? 'ethereum' : 'solana', { nonce, address: account })
  if ((oauthProviders as readonly string[]).includes(linkMethod)) return transferOAuthAccount(transport, { nonce })
  throw invalidTransferTypeError()
}

/** Moves the account to the signed-in user (the server deletes the other user) and announces it as a link. */
export async function transferAccount(options: TransferAccountOptions, transfer: AccountTransfer): Promise<User> {
  if (!options.isAuthenticated()) throw mustBeAuthenticatedError()
  const dto = await requestTransfer(options.transport, transfer)
  return options.accountChanges.linked(dto, transfer.linkMethod, transfer.account)
}
