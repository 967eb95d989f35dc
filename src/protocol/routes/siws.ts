/** Sign-in with Solana. */
import type { AuthMode } from '../constants.js'
import type { AuthenticatedUserDto, UserDto, WalletInitBody, WalletNonceDto, WalletTransferBody, WalletUnlinkBody } from '../dto.js'
import { post } from './route.js'

/**
 * `message` is always the SIWS message text. With `message_type: 'transaction'` the `signature` is the whole signed
 * Solana transaction (base64 or base58 of its wire bytes, legacy or v0) with a Memo-program instruction whose data is
 * exactly `message`; the address must be one of its signers. Otherwise `signature` is the 64-byte ed25519 signature.
 */
export interface SiwsAuthenticateBody {
  message: string
  signature: string
  walletClientType?: string
  connectorType?: string
  mode?: AuthMode
  message_type?: 'plain' | 'transaction'
}
export type SiwsLinkBody = Omit<SiwsAuthenticateBody, 'mode'>

export const siwsInitRoute = post<WalletInitBody, WalletNonceDto>('/api/v1/siws/init')
export const siwsAuthenticateRoute = post<SiwsAuthenticateBody, AuthenticatedUserDto>('/api/v1/siws/authenticate')
export const siwsLinkRoute = post<SiwsLinkBody, UserDto>('/api/v1/siws/link')
export const siwsUnlinkRoute = post<WalletUnlinkBody, UserDto>('/api/v1/siws/unlink')
export const siwsTransferRoute = post<WalletTransferBody, UserDto>('/api/v1/siws/transfer')

/** Its fields of the app config (`AppConfigDto`), merged into dto.ts's. */
declare module '../dto.js' {
  interface AppConfigDto {
    solana_wallet_auth: boolean
  }
}
