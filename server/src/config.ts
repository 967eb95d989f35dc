import { readFileSync } from 'node:fs'
import { z } from 'zod'
import { ACCESS_TOKEN_TTL_SECONDS, APP_ID_LENGTH, DEFAULT_TOKEN_ISSUER, DEV_APP_ID } from '../../src/protocol/index.js'
import { loginMethods, type AppInput } from './apps/types.js'
import type { RateLimitSettings } from './rate-limit/settings.js'

export interface StartServerOptions {
  port?: number
  host?: string
  dataDir?: string
  databaseUrl?: string
  dev?: boolean
  quiet?: boolean
  accessTokenTtlSeconds?: number
  trustProxy?: boolean
  configFile?: string
  rateLimits?: Partial<RateLimitSettings>
  /** `iss` of issued tokens; default TESSERA_ISSUER or 'privy.io'. */
  issuer?: string
}

export const defaults = { port: 8787, host: '127.0.0.1', dataDir: '.tessera', issuer: DEFAULT_TOKEN_ISSUER, refreshGraceSeconds: 10 }

/** Access-token lifetime: the option, else TESSERA_ACCESS_TOKEN_TTL, else one hour. */
export function accessTokenTtl(option?: number): number {
  const fromEnv = Number(process.env.TESSERA_ACCESS_TOKEN_TTL)
  const value = option ?? (Number.isFinite(fromEnv) && fromEnv > 0 ? fromEnv : ACCESS_TOKEN_TTL_SECONDS)
  if (!Number.isInteger(value) || value <= 0) throw new Error(`Invalid access token lifetime: ${value}`)
  return value
}

export const devApp: AppInput = {
  id: DEV_APP_ID,
  name: 'Tessera Dev',
  allowedOrigins: ['http://localhost:*', 'http://127.0.0.1:*'],
  loginMethods: ['email'],
}

const appSchema = z.object({
  id: z.string().length(APP_ID_LENGTH).regex(/^[a-z0-9-]+$/).optional(),
  name: z.string().min(1).max(200).optional(),
  allowed_origins: z.array(z.string().max(300)).optional(),
  login_methods: z.array(z.enum(loginMethods)).optional(),
  terms_url: z.string().url().nullable().optional(),
  privacy_url: z.string().url().nullable().optional(),
  require_users_accept_terms: z.boolean().optional(),
  disable_plus_emails: z.boolean().optional(),
  logo_url: z.string().url().nullable().optional(),
  accent_color: z.string().regex(/^#[0-9a-fA-F]{6}$/).nullable().optional(),
  theme: z.enum(['light', 'dark']).nullable().optional(),
})

const configSchema = z.object({ apps: z.array(appSchema.required({ id: true })).default([]) })

/**
 * Reads the JSON config file, e.g.
 * `{ "apps": [{ "id": "<25 chars>", "name": "Shop", "allowed_origins": ["https://shop.example"] }] }`.
 * Its apps are upserted on start.
 */
export function readConfigFile(path: string): AppInput[] {
  const parsed = configSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')))
  if (!parsed.success) throw new Error(`Invalid config file ${path}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`)
  return parsed.data.apps.map((app) => ({
    id: app.id,
    name: app.name,
    allowedOrigins: app.allowed_origins,
    loginMethods: app.login_methods,
    termsUrl: app.terms_url,
    privacyUrl: app.privacy_url,
    requireUsersAcceptTerms: app.require_users_accept_terms,
    disablePlusEmails: app.disable_plus_emails,
    logoUrl: app.logo_url,
    accentColor: app.accent_color,
    theme: app.theme,
  }))
}
