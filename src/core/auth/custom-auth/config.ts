/** Custom auth's config: the host's option (`customAuth`) and the server's flag in the effective config. */
import type { EffectiveConfig } from '../../config/types.js'
import type { LoginMethodConfig } from '../login-method-config.js'

/** Bring-your-own auth: the client signs in with the app's own token whenever it has one. */
export interface CustomAuthConfig {
  /** Off when false; defaults to the server's `custom_jwt_auth` flag. */
  enabled?: boolean
  /** The app's current token, or null/undefined when its own user is signed out. */
  getCustomAccessToken(): Promise<string | null | undefined>
  /** True while the app's own auth is still loading: nothing is synced until it settles. */
  isLoading: boolean
}

declare module '../../config/types.js' {
  interface EffectiveConfig {
    /** Server `custom_jwt_auth`: the app signs users in with its own tokens. */
    customJwtAuth: boolean
  }
}

export type CustomAuthConfigFields = Pick<EffectiveConfig, 'customJwtAuth'>

export const customAuthConfig: LoginMethodConfig<CustomAuthConfigFields> = {
  defaults: () => ({ customJwtAuth: false }),
  fromDto: (dto) => ({ customJwtAuth: dto.custom_jwt_auth ?? false }),
}
