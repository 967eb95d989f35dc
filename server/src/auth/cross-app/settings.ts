import { z } from 'zod'
import { APP_ID_LENGTH } from '../../../../src/protocol/index.js'
import { httpUrl, optional } from '../../apps/file-schema-parts.js'
import type { AppRecord } from '../../apps/types.js'
import type { LoginMethodSettings } from '../login-method.js'

/** This app as a cross-app provider: which requester apps may connect, and where its sign-in-and-consent page is. */
export interface CrossAppProviderSettings {
  /** The provider's page the requester's popup opens (wallet spec: `provider_app_custom_auth_authorize_url`). */
  authorizeUrl: string
  /** The provider's transaction page; null: no transact path. */
  transactUrl: string | null
  /** Requester apps allowed to connect; a read-only connection refuses transacting. */
  requesters: { appId: string; readOnly: boolean }[]
}

declare module '../../apps/types.js' {
  interface AppRecord {
    /** Null: this app is not a cross-app provider. */
    crossAppProvider: CrossAppProviderSettings | null
  }
}

/** Its settings' defaults, in the app's `settings` column (`apps/store.ts`); apps stored without them read these. */
export const crossAppSettingDefaults: Pick<AppRecord, 'crossAppProvider'> = { crossAppProvider: null }

const file = {
  cross_app_provider: z
    .strictObject({
      authorize_url: httpUrl,
      transact_url: httpUrl.nullable().optional(),
      requesters: z.array(z.strictObject({ app_id: z.string().length(APP_ID_LENGTH), read_only: z.boolean().optional() })),
    })
    .nullable()
    .optional(),
}

export const crossAppSettings: LoginMethodSettings<typeof file> = {
  file,
  fromFile: (app) => ({
    crossAppProvider: optional(app.cross_app_provider, (provider) => ({
      authorizeUrl: provider.authorize_url,
      transactUrl: provider.transact_url ?? null,
      requesters: provider.requesters.map((requester) => ({ appId: requester.app_id, readOnly: requester.read_only ?? false })),
    })),
  }),
}
