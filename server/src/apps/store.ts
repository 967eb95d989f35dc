import { GOOGLE_DRIVE_API_URL } from '../../../src/protocol/index.js'
import { loginMethodSettingDefaults } from '../auth/login-method-setting-defaults.js'
import type { Db, Queryable } from '../db/types.js'
import { APPS_CHANNEL, cachedApp, cachedAppList, noteAppWritten } from './app-cache.js'
import { randomId } from './app-id.js'
import type { AppInput, AppRecord, LoginMethod } from './types.js'

interface AppRow {
  id: string
  name: string
  allowed_origins: string[]
  login_methods: LoginMethod[]
  terms_url: string | null
  privacy_url: string | null
  require_users_accept_terms: boolean
  disable_plus_emails: boolean
  logo_url: string | null
  accent_color: string | null
  theme: 'light' | 'dark' | null
  settings: Partial<AppSettings>
}

/** The fields kept in the `settings` jsonb column: everything added after the first schema, the login methods' among them. */
type AppSettings = Pick<AppRecord, (typeof generalSettingKeys)[number]> & typeof loginMethodSettingDefaults
const generalSettingKeys = [
  'allowlist',
  'userLimit',
  'signupDisabled',
  'captcha',
  'accountTransferEnabled',
  'walletRpcUrls',
  'maxLinkedWalletsPerUser',
  'walletConnectProjectId',
  'walletConnectRelayUrl',
  'embeddedWallets',
  'chains',
  'defaultChainId',
  'solanaClusters',
  'mfaMethods',
  'appSecretHash',
  'transactionScanning',
  'tokenPrices',
  'coingecko',
  'solanaTokens',
  'funding',
  'cookieSessions',
  'gasSponsorship',
  'smartWallets',
] as const satisfies readonly (keyof AppRecord)[]
const settingKeys = [...generalSettingKeys, ...(Object.keys(loginMethodSettingDefaults) as (keyof typeof loginMethodSettingDefaults)[])]

const toRecord = (row: AppRow): AppRecord => ({
  id: row.id,
  name: row.name,
  allowedOrigins: row.allowed_origins,
  loginMethods: row.login_methods,
  termsUrl: row.terms_url,
  privacyUrl: row.privacy_url,
  requireUsersAcceptTerms: row.require_users_accept_terms,
  disablePlusEmails: row.disable_plus_emails,
  logoUrl: row.logo_url,
  accentColor: row.accent_color,
  theme: row.theme,
  ...settingDefaults,
  ...row.settings,
  // A setting added to an object later: apps stored before it get its default.
  embeddedWallets: { ...settingDefaults.embeddedWallets, ...row.settings.embeddedWallets },
})

const columns =
  'id, name, allowed_origins, login_methods, terms_url, privacy_url, require_users_accept_terms, disable_plus_emails, logo_url, accent_color, theme, settings'

/** The app, from this process's copy when it is current (app-cache.ts); inside a transaction, from the database. */
export async function getApp(db: Queryable, id: string): Promise<AppRecord | null> {
  return isDb(db) ? cachedApp(db, id, () => readApp(db, id)) : readApp(db, id)
}

const isDb = (db: Queryable): db is Db => 'transaction' in db && 'kind' in db

async function readApp(db: Queryable, id: string): Promise<AppRecord | null> {
  const [row] = await db.query<AppRow>(`SELECT ${columns} FROM apps WHERE id = $1`, [id])
  return row ? toRecord(row) : null
}

/** Every app, from this process's copy while no app was written since (app-cache.ts); inside a transaction, from the database. */
export async function listApps(db: Queryable): Promise<AppRecord[]> {
  return isDb(db) ? cachedAppList(db, () => readApps(db)) : readApps(db)
}

async function readApps(db: Queryable): Promise<AppRecord[]> {
  return (await db.query<AppRow>(`SELECT ${columns} FROM apps ORDER BY created_at, id`)).map(toRecord)
}

const settingDefaults: AppSettings = {
  ...loginMethodSettingDefaults,
  walletConnectProjectId: null,
  walletConnectRelayUrl: null,
  allowlist: { enabled: false, entries: [], errorTitle: null, errorDetail: null, ctaText: null, ctaLink: null },
  userLimit: null,
  signupDisabled: false,
  captcha: null,
  accountTransferEnabled: true,
  walletRpcUrls: {},
  maxLinkedWalletsPerUser: null,
  embeddedWallets: {
    ethereumCreateOnLogin: 'off',
    solanaCreateOnLogin: 'off',
    requireUserPasswordOnCreate: false,
    requireUserOwnedRecoveryOnCreate: false,
    userOwnedRecoveryOptions: ['user-passcode'],
    googleDriveApiUrl: GOOGLE_DRIVE_API_URL,
    delegatedActionsEnabled: false,
    announceWalletsEnabled: false,
    mode: 'legacy-embedded-wallets-only',
    sessionSigners: [],
  },
  chains: [],
  defaultChainId: null,
  solanaClusters: [],
  mfaMethods: ['sms', 'totp', 'passkey'],
  appSecretHash: null,
  transactionScanning: { enabled: true, denyList: [], trustedSpenders: [] },
  tokenPrices: {},
  coingecko: null,
  solanaTokens: [],
  funding: null,
  smartWallets: null,
  cookieSessions: null,
  gasSponsorship: null,
}

/** What a new app starts with. */
export const appDefaults: Omit<AppRecord, 'id' | 'name'> = {
  ...settingDefaults,
  allowedOrigins: [],
  loginMethods: ['email'],
  termsUrl: null,
  privacyUrl: null,
  requireUsersAcceptTerms: false,
  disablePlusEmails: false,
  logoUrl: null,
  accentColor: null,
  theme: null,
}

/**
 * Creates the app, or updates the given fields when `input.id` exists already. The one way apps are written: it tells
 * this process's app copies at once and other processes' through NOTIFY (app-cache.ts).
 */
export async function upsertApp(db: Queryable, input: AppInput, now: number): Promise<AppRecord> {
  const existing = input.id ? await readApp(db, input.id) : null
  const app: AppRecord = { ...appDefaults, name: 'Untitled app', ...existing, ...stripUndefined(input), id: input.id ?? randomId() }
  await db.query(
    `WITH written AS (
       INSERT INTO apps (${columns}, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
       ON CONFLICT (id) DO UPDATE SET name = $2, allowed_origins = $3, login_methods = $4, terms_url = $5, privacy_url = $6,
         require_users_accept_terms = $7, disable_plus_emails = $8, logo_url = $9, accent_color = $10, theme = $11, settings = $12
       RETURNING id)
     SELECT pg_notify('${APPS_CHANNEL}', id) FROM written`,
    [
      app.id,
      app.name,
      JSON.stringify(app.allowedOrigins),
      JSON.stringify(app.loginMethods),
      app.termsUrl,
      app.privacyUrl,
      app.requireUsersAcceptTerms,
      app.disablePlusEmails,
      app.logoUrl,
      app.accentColor,
      app.theme,
      JSON.stringify(Object.fromEntries(settingKeys.map((key) => [key, app[key]]))),
      now,
    ],
  )
  noteAppWritten(app.id)
  return app
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>
}
