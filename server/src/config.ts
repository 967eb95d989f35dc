import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { z } from 'zod'
import { ACCESS_TOKEN_TTL_SECONDS, DEFAULT_TOKEN_ISSUER, DEV_APP_ID, type OAuthProvider } from '../../src/protocol/index.js'
import { appFileSchema, appInputFromFile } from './apps/app-file-schema.js'
import { oauthProvidersFromFile, oauthProvidersSchema } from './auth/oauth/settings.js'
import { customJwtClaimProblems, settingProblems } from './apps/setting-problems.js'
import type { AppInput } from './apps/types.js'
import { paymasterKeyFromFile, solanaFeePayerKeyFromFile } from './sponsorship/gas-sponsorship-file-schema.js'
import type { RateLimitSettings } from './rate-limit/settings.js'
import { TWILIO_API_URL, type TwilioSettings } from './delivery/twilio.js'

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
  /** The built wallet frame; default TESSERA_WALLET_FRAME_DIR or the repository's `dist/frame`. */
  walletFrameDir?: string
}

export const defaults = { port: 8787, host: '127.0.0.1', dataDir: '.tessera', issuer: DEFAULT_TOKEN_ISSUER, refreshGraceSeconds: 10 }

/** Access-token lifetime: the option, else TESSERA_ACCESS_TOKEN_TTL, else one hour. */
export function accessTokenTtl(option?: number): number {
  const fromEnv = Number(process.env.TESSERA_ACCESS_TOKEN_TTL)
  const value = option ?? (Number.isFinite(fromEnv) && fromEnv > 0 ? fromEnv : ACCESS_TOKEN_TTL_SECONDS)
  if (!Number.isInteger(value) || value <= 0) throw new Error(`Invalid access token lifetime: ${value}`)
  return value
}

/**
 * Twilio (or a Twilio-compatible API) for SMS and WhatsApp codes: TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and at
 * least one sender (TWILIO_FROM for SMS, TWILIO_WHATSAPP_FROM for WhatsApp); TWILIO_API_URL overrides the API origin.
 */
export function twilioFromEnv(env: NodeJS.ProcessEnv = process.env): TwilioSettings | null {
  const { TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: authToken } = env
  const from = env.TWILIO_FROM || null
  const whatsappFrom = env.TWILIO_WHATSAPP_FROM || null
  if (!accountSid || !authToken || (!from && !whatsappFrom)) return null
  return { accountSid, authToken, from, whatsappFrom, apiUrl: env.TWILIO_API_URL || TWILIO_API_URL }
}

const devOrigins = ['http://localhost:*', 'http://127.0.0.1:*']

/**
 * OAuth for the dev app from the environment: TESSERA_DEV_OAUTH holds `oauth_providers` JSON as in the
 * config file (e.g. a local OIDC provider's endpoints); each provider it names is switched on.
 * TESSERA_DEV_OAUTH_REDIRECT_URLS (comma list) overrides the redirect URLs, by default any port's `/` on the dev origins.
 */
export function devOAuthFromEnv(env: NodeJS.ProcessEnv = process.env): Pick<AppInput, 'oauthProviders' | 'oauthRedirectUrls'> | null {
  if (!env.TESSERA_DEV_OAUTH) return null
  let json: unknown
  try {
    json = JSON.parse(env.TESSERA_DEV_OAUTH)
  } catch {
    throw new Error('TESSERA_DEV_OAUTH is not valid JSON')
  }
  const parsed = oauthProvidersSchema.safeParse(json)
  if (!parsed.success) throw new Error(`Invalid TESSERA_DEV_OAUTH: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`)
  return {
    oauthProviders: oauthProvidersFromFile(parsed.data, { env, baseDir: process.cwd() }),
    oauthRedirectUrls:
      env.TESSERA_DEV_OAUTH_REDIRECT_URLS?.split(',')
        .map((url) => url.trim())
        .filter(Boolean) ?? devOrigins.map((origin) => `${origin}/`),
  }
}

/** The app `--dev` creates: every method this machine can serve without outside accounts (SMS and email codes go to the dev outbox). */
export function createDevApp(env: NodeJS.ProcessEnv = process.env): AppInput {
  const oauth = devOAuthFromEnv(env)
  return {
    id: DEV_APP_ID,
    name: 'Tessera Dev',
    allowedOrigins: devOrigins,
    loginMethods: ['email', 'sms', ...(Object.keys(oauth?.oauthProviders ?? {}) as OAuthProvider[]), 'guest'],
    ...oauth,
  }
}

export const devApp: AppInput = createDevApp()

/** Dev mode warns (through `warn`) about what production refuses in a config file. */
export interface ConfigFileMode {
  dev?: boolean
  warn?(line: string): void
}

const configSchema = z.object({ apps: z.array(appFileSchema).default([]) })

/** A config file's app: its settings, and the signing keys its gas_sponsorship gives (sealed apart on start). */
export type ConfigFileApp = AppInput & { paymasterSigningKey?: `0x${string}`; solanaFeePayerKey?: string }

/**
 * Reads the JSON config file, e.g.
 * `{ "apps": [{ "id": "<25 chars>", "name": "Shop", "allowed_origins": ["https://shop.example"] }] }`
 * (every setting: `apps/app-file-schema.ts`, a login method's in `auth/<method>/settings.ts`, and the README). Its apps are upserted on start.
 */
export function readConfigFile(path: string, env: NodeJS.ProcessEnv = process.env, mode: ConfigFileMode = {}): ConfigFileApp[] {
  const fail = (reason: string) => new Error(`Invalid config file ${path}: ${reason}`)
  let json: unknown
  try {
    json = JSON.parse(readFileSync(path, 'utf8'))
  } catch (error) {
    throw fail((error as Error).message)
  }
  const parsed = configSchema.safeParse(json)
  if (!parsed.success) throw fail(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '))
  return parsed.data.apps.map((app, index) => {
    try {
      const sources = { env, baseDir: dirname(resolve(path)) }
      const input = appInputFromFile(app, sources)
      // Dev mode keeps an app whose custom JWT claims are unbound (sign-in refuses its tokens) and says so.
      const lenient = mode.dev ? customJwtClaimProblems(input.customJwt) : []
      for (const problem of lenient) mode.warn?.(`Config file ${path}: apps.${index}: ${problem}`)
      const problems = settingProblems(input).filter((problem) => !lenient.includes(problem))
      if (problems.length > 0) throw new Error(problems.join('; '))
      const sponsorship = app.gas_sponsorship
      const paymasterSigningKey = sponsorship ? paymasterKeyFromFile(sponsorship, sources, mode.dev ?? false) : undefined
      const solanaFeePayerKey = sponsorship ? solanaFeePayerKeyFromFile(sponsorship, sources, mode.dev ?? false) : undefined
      return { ...input, ...(paymasterSigningKey && { paymasterSigningKey }), ...(solanaFeePayerKey && { solanaFeePayerKey }) }
    } catch (error) {
      throw fail(`apps.${index}: ${(error as Error).message}`)
    }
  })
}
