/** Custom JWT (bring your own identity provider). */
import type { AuthMode } from '../constants.js'
import type { AuthenticatedUserDto, UserDto } from '../dto.js'
import { post } from './route.js'

export interface CustomJwtAuthenticateBody {
  token: string
  mode?: AuthMode
}
export interface CustomJwtLinkBody {
  token: string
}

export const customJwtAuthenticateRoute = post<CustomJwtAuthenticateBody, AuthenticatedUserDto>('/api/v1/custom_jwt_account/authenticate')
export const customJwtLinkRoute = post<CustomJwtLinkBody, UserDto>('/api/v1/custom_jwt_account/link')
