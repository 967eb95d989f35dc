/** Sign-in with Solana. */
import type { AuthenticatedUserDto, SiwsAuthenticateBody, SiwsLinkBody, UserDto, WalletInitBody, WalletNonceDto, WalletTransferBody, WalletUnlinkBody } from '../dto.js'
import { post } from './route.js'

export const siwsInitRoute = post<WalletInitBody, WalletNonceDto>('/api/v1/siws/init')
export const siwsAuthenticateRoute = post<SiwsAuthenticateBody, AuthenticatedUserDto>('/api/v1/siws/authenticate')
export const siwsLinkRoute = post<SiwsLinkBody, UserDto>('/api/v1/siws/link')
export const siwsUnlinkRoute = post<WalletUnlinkBody, UserDto>('/api/v1/siws/unlink')
export const siwsTransferRoute = post<WalletTransferBody, UserDto>('/api/v1/siws/transfer')
