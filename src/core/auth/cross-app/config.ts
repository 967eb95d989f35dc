/** Cross-app's fields of the effective config: the provider apps the landing offers. */
import type { EffectiveConfig } from '../../config/types.js'
import type { LoginMethodConfig } from '../login-method-config.js'

export interface CrossAppProvider {
  appId: string
  name: string
  iconUrl: string | null
}

declare module '../../config/types.js' {
  interface EffectiveConfig {
    /** The provider apps behind `privy:<app id>` login methods: their buttons' names and icons. */
    crossAppProviders: CrossAppProvider[]
  }
}

export type CrossAppConfigFields = Pick<EffectiveConfig, 'crossAppProviders'>

export const crossAppConfig: LoginMethodConfig<CrossAppConfigFields> = {
  defaults: () => ({ crossAppProviders: [] }),
  fromDto: (dto) => ({
    crossAppProviders: (dto.cross_app_login_providers ?? []).map((provider) => ({ appId: provider.app_id, name: provider.name, iconUrl: provider.icon_url })),
  }),
}
