import { z } from 'zod'
import type { AppRecord } from '../../apps/types.js'
import type { LoginMethodSettings } from '../login-method.js'

declare module '../../apps/types.js' {
  interface AppRecord {
    /** WebAuthn relying-party ID; null: the hostname of the request's (allowed) Origin. */
    passkeyRpId: string | null
    /** New users may sign up with a passkey (`passkeys_for_signup_enabled`). */
    passkeysForSignup: boolean
    /** Passkey ceremonies require user verification (UV flag), not only presence. */
    passkeyRequireUserVerification: boolean
  }
}

/** Its settings' defaults, in the app's `settings` column (`apps/store.ts`); apps stored without them read these. */
export const passkeySettingDefaults: Pick<AppRecord, 'passkeyRpId' | 'passkeysForSignup' | 'passkeyRequireUserVerification'> = {
  passkeyRpId: null,
  passkeysForSignup: true,
  passkeyRequireUserVerification: false,
}

/** A host name: what a WebAuthn RP ID may be. */
export const PASSKEY_RP_ID = /^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*$/

const file = {
  passkey_rp_id: z.string().regex(PASSKEY_RP_ID, 'must be a host name').nullable().optional(),
  passkeys_for_signup: z.boolean().optional(),
  passkey_require_user_verification: z.boolean().optional(),
}

export const passkeySettings: LoginMethodSettings<typeof file> = {
  file,
  fromFile: (app) => ({
    passkeyRpId: app.passkey_rp_id,
    passkeysForSignup: app.passkeys_for_signup,
    passkeyRequireUserVerification: app.passkey_require_user_verification,
  }),
}
