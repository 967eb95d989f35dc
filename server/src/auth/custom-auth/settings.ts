import { z } from 'zod'
import { fromFile, httpUrl, optional, text, type SecretSources } from '../../apps/file-schema-parts.js'
import type { AppRecord } from '../../apps/types.js'
import type { LoginMethodSettings } from '../login-method.js'

/** Bring-your-own identity provider (custom JWT): one of jwksUrl or publicKeyPem. */
export interface CustomJwtSettings {
  jwksUrl: string | null
  publicKeyPem: string | null
  issuer: string | null
  audience: string | null
  /** The claim holding the user id; default `sub`. */
  userIdClaim: string
}

declare module '../../apps/types.js' {
  interface AppRecord {
    customJwt: CustomJwtSettings | null
  }
}

/** Its settings' defaults, in the app's `settings` column (`apps/store.ts`); apps stored without them read these. */
export const customAuthSettingDefaults: Pick<AppRecord, 'customJwt'> = { customJwt: null }

const customJwtSchema = z
  .strictObject({
    jwks_url: httpUrl.optional(),
    public_key_pem: text(10_000).optional(),
    public_key_file: text(1000).optional(),
    issuer: text(2000).nullable().optional(),
    audience: text(2000).nullable().optional(),
    user_id_claim: text(200).optional(),
  })
  .refine(
    (jwt) => [jwt.jwks_url, jwt.public_key_pem, jwt.public_key_file].filter((v) => v !== undefined).length === 1,
    'give exactly one of jwks_url, public_key_pem or public_key_file',
  )

function customJwtFromFile(file: z.infer<typeof customJwtSchema>, sources: SecretSources): CustomJwtSettings {
  return {
    jwksUrl: file.jwks_url ?? null,
    publicKeyPem: file.public_key_pem ?? (file.public_key_file ? fromFile(sources, file.public_key_file) : null),
    issuer: file.issuer ?? null,
    audience: file.audience ?? null,
    userIdClaim: file.user_id_claim ?? 'sub',
  }
}

const file = { custom_jwt: customJwtSchema.nullable().optional() }

export const customAuthSettings: LoginMethodSettings<typeof file> = {
  file,
  fromFile: (app, sources) => ({ customJwt: optional(app.custom_jwt, (jwt) => customJwtFromFile(jwt, sources)) }),
}
