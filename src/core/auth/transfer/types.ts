import type { UserDto } from '../../../protocol/index.js'
import type { Transport } from '../../api/transport.js'

/** The sign-ins whose accounts can move to the signed-in user, by name; each adds its own by interface merging. */
// biome-ignore lint/suspicious/noEmptyInterface: filled by each sign-in's types.ts (declaration merging)
export interface TransferLinkMethods {}
export type TransferLinkMethod = TransferLinkMethods[keyof TransferLinkMethods]

/** What the transfer screens need, read from an `account_transfer_required` error (wallet spec, "Screens and routes": "Account transfer"). */
export interface AccountTransfer {
  nonce: string
  linkMethod: TransferLinkMethod
  /** The email, phone number, provider subject, Farcaster fid, Telegram user id or wallet address being moved. */
  account: string
  displayName: string
  embeddedWalletAddress: string | null
}

/** A sign-in's transfer call (wallet spec, "The calls it makes"): its route, with the body its account type needs. */
export interface AccountTransferApi {
  transferAccount(transport: Transport, transfer: AccountTransfer): Promise<UserDto>
}

/** The link methods a sign-in's transfer answers, and the module with its call, loaded on use. */
export interface AccountTransferCall {
  linkMethods: readonly TransferLinkMethod[]
  load(): Promise<AccountTransferApi>
}
