/** Sign-in with Ethereum. */
import type { AuthMode } from '../constants.js'
import type { AuthenticatedUserDto, UserDto, WalletInitBody, WalletNonceDto, WalletTransferBody, WalletUnlinkBody } from '../dto.js'
import { post } from './route.js'

export interface SiweAuthenticateBody {
  message: string
  signature: string
  chainId?: string
  walletClientType?: string
  connectorType?: string
  mode?: AuthMode
}
export type SiweLinkBody = Omit<SiweAuthenticateBody, 'mode'>
export interface SiweLinkSmartWalletBody {
  message: string
  signature: string
  smart_wallet_type: string
  smart_wallet_version?: string
}

export const siweInitRoute = post<WalletInitBody, WalletNonceDto>('/api/v1/siwe/init')
export const siweAuthenticateRoute = post<SiweAuthenticateBody, AuthenticatedUserDto>('/api/v1/siwe/authenticate')
export const siweLinkRoute = post<SiweLinkBody, UserDto>('/api/v1/siwe/link')
export const siweLinkSmartWalletRoute = post<SiweLinkSmartWalletBody, UserDto>('/api/v1/siwe/link_smart_wallet')
export const siweUnlinkRoute = post<WalletUnlinkBody, UserDto>('/api/v1/siwe/unlink')
export const siweTransferRoute = post<WalletTransferBody, UserDto>('/api/v1/siwe/transfer')

/** Its fields of the app config (`AppConfigDto`), merged into dto.ts's. */
declare module '../dto.js' {
  interface AppConfigDto {
    wallet_auth: boolean
  }
}
