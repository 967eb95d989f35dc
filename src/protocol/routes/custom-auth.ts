/** Custom JWT (bring your own identity provider). */
import type { AuthenticatedUserDto, CustomJwtAuthenticateBody, CustomJwtLinkBody, UserDto } from '../dto.js'
import { post } from './route.js'

export const customJwtAuthenticateRoute = post<CustomJwtAuthenticateBody, AuthenticatedUserDto>('/api/v1/custom_jwt_account/authenticate')
export const customJwtLinkRoute = post<CustomJwtLinkBody, UserDto>('/api/v1/custom_jwt_account/link')
