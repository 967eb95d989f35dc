import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { appInputFromFlags, UsageError } from '../../apps/app-flags.js'
import { redactSecrets } from '../../apps/redact-secrets.js'
import { REDACTED } from '../../apps/redacted.js'
import { appDefaults } from '../../apps/store.js'
import type { AppRecord } from '../../apps/types.js'
import { readConfigFile } from '../../config.js'

const TOKEN = '7123456789:AAHk2-secret_part_of_the_bot_token_xyz'
const APP_ID = 'telegramtestapp0000000001'

function configFile(telegram: unknown): string {
  const path = join(mkdtempSync(join(tmpdir(), 'tessera-telegram-')), 'config.json')
  writeFileSync(path, JSON.stringify({ apps: [{ id: APP_ID, name: 'TG', login_methods: ['telegram'], telegram }] }))
  return path
}

describe('Telegram settings in the config file', () => {
  it('reads the bot token from the environment and derives the bot id from it', () => {
    const [app] = readConfigFile(configFile({ bot_name: 'tessera_bot', bot_token_env: 'TG_TOKEN', seamless_auth_enabled: true }), { TG_TOKEN: TOKEN })
    expect(app?.loginMethods).toEqual(['telegram'])
    expect(app?.telegram).toEqual({ botId: '7123456789', botName: 'tessera_bot', botToken: TOKEN, linkEnabled: true, seamlessAuthEnabled: true })
  })

  it('refuses a missing or malformed token without printing it', () => {
    expect(() => readConfigFile(configFile({ bot_name: 'tessera_bot' }), {})).toThrow(/give one of bot_token or bot_token_env/)
    expect(() => readConfigFile(configFile({ bot_name: 'tessera_bot', bot_token_env: 'TG_TOKEN' }), {})).toThrow(/TG_TOKEN is not set/)
    const bad = 'not-a-token-but-a-secret'
    let message = ''
    try {
      readConfigFile(configFile({ bot_name: 'tessera_bot', bot_token_env: 'TG_TOKEN' }), { TG_TOKEN: bad })
    } catch (error) {
      message = (error as Error).message
    }
    expect(message).toMatch(/TG_TOKEN is not a Telegram bot token/)
    expect(message).not.toContain(bad)
  })
})

describe('Telegram CLI flags', () => {
  const base: AppRecord = { ...appDefaults, id: APP_ID, name: 'TG' }

  it('sets the bot from --telegram-bot-name and --telegram-bot-token-env, then updates parts of it', () => {
    const created = appInputFromFlags({ 'telegram-bot-name': 'tessera_bot', 'telegram-bot-token-env': 'TG_TOKEN' }, base, '.', { TG_TOKEN: TOKEN })
    expect(created.telegram).toEqual({ botId: '7123456789', botName: 'tessera_bot', botToken: TOKEN, linkEnabled: true, seamlessAuthEnabled: false })
    const current = { ...base, telegram: created.telegram! }
    const updated = appInputFromFlags({ 'telegram-seamless-auth': 'true', 'telegram-link': 'false' }, current, '.', {})
    expect(updated.telegram).toEqual({ ...created.telegram, linkEnabled: false, seamlessAuthEnabled: true })
    expect(appInputFromFlags({ 'remove-telegram': true }, current, '.', {}).telegram).toBeNull()
    expect(appInputFromFlags({}, current, '.', {}).telegram).toBeUndefined()
  })

  it('refuses incomplete or invalid flags, never echoing the token', () => {
    expect(() => appInputFromFlags({ 'telegram-bot-name': 'tessera_bot' }, base, '.', {})).toThrow(UsageError)
    expect(() => appInputFromFlags({ 'telegram-bot-name': 'tessera bot', 'telegram-bot-token-env': 'T' }, base, '.', { T: TOKEN })).toThrow(/bot username/)
    expect(() => appInputFromFlags({ 'telegram-bot-name': 'b', 'telegram-bot-token-env': 'T' }, base, '.', { T: 'oops-secret' })).toThrow(
      /T does not hold a Telegram bot token/,
    )
    expect(() => appInputFromFlags({ 'telegram-bot-name': 'b', 'telegram-bot-token-env': 'T' }, base, '.', { T: 'oops-secret' })).not.toThrow(/oops-secret/)
    expect(() => appInputFromFlags({ 'remove-telegram': true, 'telegram-link': 'true' }, base, '.', {})).toThrow(/cannot be combined/)
  })

  it('masks the bot token when an app is printed', () => {
    const app: AppRecord = { ...base, telegram: { botId: '1', botName: 'b', botToken: TOKEN, linkEnabled: true, seamlessAuthEnabled: false } }
    expect(redactSecrets(app).telegram?.botToken).toBe(REDACTED)
    expect(JSON.stringify(redactSecrets(app))).not.toContain(TOKEN)
  })
})
