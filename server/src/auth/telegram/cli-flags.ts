import { keep, parseBoolean, switchFlag, textFlag, UsageError, type CliFlagValues } from '../../apps/cli-flag-parsing.js'
import type { AppInput, AppRecord } from '../../apps/types.js'
import type { LoginMethodCliFlags } from '../login-method.js'
import { TELEGRAM_BOT_TOKEN, type TelegramSettings } from './settings.js'

const options = {
  'telegram-bot-name': textFlag,
  'telegram-bot-token-env': textFlag,
  'telegram-bot-id': textFlag,
  'telegram-link': textFlag,
  'telegram-seamless-auth': textFlag,
  'remove-telegram': switchFlag,
} as const

function telegramInput(values: CliFlagValues<typeof options>, current: AppRecord, env: NodeJS.ProcessEnv): AppInput['telegram'] {
  const name = values['telegram-bot-name']
  const tokenEnv = values['telegram-bot-token-env']
  const botId = values['telegram-bot-id']
  const linkEnabled = parseBoolean('telegram-link', values['telegram-link'])
  const seamlessAuthEnabled = parseBoolean('telegram-seamless-auth', values['telegram-seamless-auth'])
  const given = [name, tokenEnv, botId, linkEnabled, seamlessAuthEnabled].some((v) => v !== undefined)
  if (values['remove-telegram']) {
    if (given) throw new UsageError('--remove-telegram cannot be combined with other --telegram-* flags')
    return null
  }
  if (!given) return undefined
  if (name !== undefined && !/^[A-Za-z0-9_]{1,64}$/.test(name)) throw new UsageError('--telegram-bot-name takes a Telegram bot username')
  if (botId !== undefined && !/^\d{1,20}$/.test(botId)) throw new UsageError('--telegram-bot-id takes a numeric bot id')
  let botToken = current.telegram?.botToken
  if (tokenEnv !== undefined) {
    botToken = env[tokenEnv]
    // The message names the variable, never its value.
    if (!botToken || !TELEGRAM_BOT_TOKEN.test(botToken)) throw new UsageError(`--telegram-bot-token-env: ${tokenEnv} does not hold a Telegram bot token`)
  }
  const botName = name ?? current.telegram?.botName
  if (!botToken || !botName) throw new UsageError('Telegram needs --telegram-bot-name and --telegram-bot-token-env')
  const telegram: TelegramSettings = {
    botId: botId ?? (tokenEnv !== undefined ? botToken.slice(0, botToken.indexOf(':')) : current.telegram!.botId),
    botName,
    botToken,
    linkEnabled: keep(linkEnabled, current.telegram?.linkEnabled ?? true),
    seamlessAuthEnabled: keep(seamlessAuthEnabled, current.telegram?.seamlessAuthEnabled ?? false),
  }
  return telegram
}

export const telegramCliFlags: LoginMethodCliFlags<typeof options> = {
  usage: `  --telegram-bot-name <bot username>, --telegram-bot-token-env <VAR> (the environment variable holding the bot
  token, kept out of the command line), --telegram-bot-id <id> (default: the token's first half),
  --telegram-link[=false], --telegram-seamless-auth[=false] (Mini App sign-in), --remove-telegram`,
  options,
  booleans: ['telegram-link', 'telegram-seamless-auth'],
  toInput: (values, current, { env }) => ({ telegram: telegramInput(values, current, env) }),
}
