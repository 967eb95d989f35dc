/** Custom JWT (bring your own identity provider). */
import type { AuthMode } from '../constants.js'
import type { AuthenticatedUserDto, UserDto, LinkedAccountBase } from '../dto.js'
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

export interface CustomAuthAccountDto extends LinkedAccountBase {
  type: 'custom_auth'
  custom_user_id: string
}

/** Its linked accounts and its fields of the app config (`AppConfigDto`), merged into dto.ts's. */
declare module '../dto.js' {
  interface LinkedAccountDtos {
    custom_auth: CustomAuthAccountDto
  }
  interface AppConfigDto {
    custom_jwt_auth: boolean
  }
}
