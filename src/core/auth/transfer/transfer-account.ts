import type { UserDto } from '../../../protocol/index.js'
import type { Transport } from '../../api/transport.js'
import { TesseraError } from '../../errors/base-error.js'
import { mustBeAuthenticatedError } from '../../errors/client-errors.js'
import type { AccountChanges } from '../../session/types.js'
import { signIns } from '../login-methods.js'
import type { AccountTransfer } from './types.js'
import type { User } from '../../user/types.js'

export interface TransferAccountOptions {
  transport: Transport
  isAuthenticated(): boolean
  accountChanges: AccountChanges
}

const invalidTransferTypeError = () => new TesseraError({ code: 'invalid_data', shortMessage: 'Invalid transfer account type' })

/** The transfer route of the account's sign-in (wallet spec, "The calls it makes"): custom, guest and passkey accounts have none. */
async function requestTransfer(transport: Transport, transfer: AccountTransfer): Promise<UserDto> {
  const call = signIns.find((signIn) => signIn.transfer?.linkMethods.includes(transfer.linkMethod))?.transfer
  if (!call) throw invalidTransferTypeError()
  return (await call.load()).transferAccount(transport, transfer)
}

/** Moves the account to the signed-in user (the server deletes the other user) and announces it as a link. */
export async function transferAccount(options: TransferAccountOptions, transfer: AccountTransfer): Promise<User> {
  if (!options.isAuthenticated()) throw mustBeAuthenticatedError()
  const dto = await requestTransfer(options.transport, transfer)
  return options.accountChanges.linked(dto, transfer.linkMethod, transfer.account)
}
