import { z } from 'zod'
import type { AppConfigDto } from '../../../../src/protocol/index.js'
import { envName, fromEnv, optional, type SecretSources } from '../../apps/file-schema-parts.js'
import { REDACTED } from '../../apps/redacted.js'
import type { AppRecord } from '../../apps/types.js'
import type { LoginMethodSettings } from '../login-method.js'

/** The app's Telegram bot (Login Widget and Mini App sign-in). The token is a secret: never logged or sent to clients. */
export interface TelegramSettings {
  botId: string
  botName: string
  botToken: string
  linkEnabled: boolean
  seamlessAuthEnabled: boolean
}

declare module '../../apps/types.js' {
  interface AppRecord {
    /** Null: Telegram not configured. */
    telegram: TelegramSettings | null
  }
}

/** Its settings' defaults, in the app's `settings` column (`apps/store.ts`); apps stored without them read these. */
export const telegramSettingDefaults: Pick<AppRecord, 'telegram'> = { telegram: null }

/** A Telegram bot token is `<bot id>:<secret>`; the id defaults to its first half. */
export const TELEGRAM_BOT_TOKEN = /^\d{1,20}:[A-Za-z0-9_-]{20,200}$/
const telegramSchema = z
  .strictObject({
    bot_name: z.string().regex(/^[A-Za-z0-9_]{1,64}$/, 'must be a Telegram bot username'),
    bot_id: z
      .string()
      .regex(/^\d{1,20}$/)
      .optional(),
    bot_token: z.string().regex(TELEGRAM_BOT_TOKEN, 'must be a Telegram bot token').optional(),
    bot_token_env: envName.optional(),
    link_enabled: z.boolean().default(true),
    seamless_auth_enabled: z.boolean().default(false),
  })
  .refine((t) => (t.bot_token === undefined) !== (t.bot_token_env === undefined), 'give one of bot_token or bot_token_env')

function telegramFromFile(file: z.output<typeof telegramSchema>, sources: SecretSources): TelegramSettings {
  const botToken = file.bot_token ?? fromEnv(sources, file.bot_token_env!)
  // Checked here too: an env value never passed the schema. The message names the variable, never the value.
  if (!TELEGRAM_BOT_TOKEN.test(botToken)) throw new Error(`environment variable ${file.bot_token_env} is not a Telegram bot token`)
  return {
    botId: file.bot_id ?? botToken.slice(0, botToken.indexOf(':')),
    botName: file.bot_name,
    botToken,
    linkEnabled: file.link_enabled,
    seamlessAuthEnabled: file.seamless_auth_enabled,
  }
}

const file = { telegram: telegramSchema.nullable().optional() }

export const telegramSettings: LoginMethodSettings<typeof file> = {
  file,
  fromFile: (app, sources) => ({ telegram: optional(app.telegram, (telegram) => telegramFromFile(telegram, sources)) }),
}

/** In the app config: the switch and the bot's public half only (the token stays on the server). */
export function telegramAppConfig(app: AppRecord): Pick<AppConfigDto, 'telegram_auth' | 'telegram_auth_config'> {
  if (!app.telegram) return { telegram_auth: app.loginMethods.includes('telegram'), telegram_auth_config: null }
  const { botId, botName, linkEnabled, seamlessAuthEnabled } = app.telegram
  return {
    telegram_auth: app.loginMethods.includes('telegram'),
    telegram_auth_config: { bot_id: botId, bot_name: botName, link_enabled: linkEnabled, seamless_auth_enabled: seamlessAuthEnabled },
  }
}

export const redactTelegram = (app: AppRecord): Partial<AppRecord> => ({ telegram: app.telegram && { ...app.telegram, botToken: REDACTED } })
