/** Sign-in with Ethereum. */
import type { AuthenticatedUserDto, SiweAuthenticateBody, SiweLinkBody, SiweLinkSmartWalletBody, UserDto, WalletInitBody, WalletNonceDto, WalletTransferBody, WalletUnlinkBody } from '../dto.js'
import { post } from './route.js'

export const siweInitRoute = post<WalletInitBody, WalletNonceDto>('/api/v1/siwe/init')
export const siweAuthenticateRoute = post<SiweAuthenticateBody, AuthenticatedUserDto>('/api/v1/siwe/authenticate')
export const siweLinkRoute = post<SiweLinkBody, UserDto>('/api/v1/siwe/link')
export const siweLinkSmartWalletRoute = post<SiweLinkSmartWalletBody, UserDto>('/api/v1/siwe/link_smart_wallet')
export const siweUnlinkRoute = post<WalletUnlinkBody, UserDto>('/api/v1/siwe/unlink')
export const siweTransferRoute = post<WalletTransferBody, UserDto>('/api/v1/siwe/transfer')
