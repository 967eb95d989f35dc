import { z } from 'zod'
import type { AppRecord } from '../../apps/types.js'
import type { LoginMethodSettings } from '../login-method.js'

declare module '../../apps/types.js' {
  interface AppRecord {
    whatsappEnabled: boolean
    /** ISO 3166 alpha-2 regions SMS is not sent to ('This region is not supported'). */
    smsUnsupportedRegions: string[]
  }
}

/** Its settings' defaults, in the app's `settings` column (`apps/store.ts`); apps stored without them read these. */
export const smsSettingDefaults: Pick<AppRecord, 'whatsappEnabled' | 'smsUnsupportedRegions'> = { whatsappEnabled: false, smsUnsupportedRegions: [] }

const file = {
  whatsapp_enabled: z.boolean().optional(),
  sms_unsupported_regions: z
    .array(
      z
        .string()
        .regex(/^[A-Za-z]{2}$/, 'must be an ISO 3166 alpha-2 region')
        .transform((r) => r.toUpperCase()),
    )
    .optional(),
}

export const smsSettings: LoginMethodSettings<typeof file> = {
  file,
  fromFile: (app) => ({ whatsappEnabled: app.whatsapp_enabled, smsUnsupportedRegions: app.sms_unsupported_regions }),
}
