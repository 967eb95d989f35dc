/** Signed tokens and wire objects for core tests. */
import { generateKeyPair, SignJWT } from 'jose'
import type { AppConfigDto, AuthenticatedUserDto, UserDto } from '../../protocol/index.js'

export const TEST_APP_ID = 'tessera-test-app-00000001'
/** The one code the fake API accepts. */
export const TEST_OTP = '123456'
/** The one account-transfer nonce the fake API accepts. */
export const TEST_TRANSFER_NONCE = 'transfer-nonce-1'

const keys = generateKeyPair('ES256')

/** An ES256 access token like the server's, expiring `ttlSeconds` from now. */
export async function makeAccessToken(options: { appId?: string; ttlSeconds?: number; aid?: string; sid?: string } = {}) {
  const { privateKey } = await keys
  const now = Math.floor(Date.now() / 1000)
  const jwt = new SignJWT({ sid: options.sid ?? crypto.randomUUID(), ...(options.aid ? { aid: options.aid } : {}) })
    .setProtectedHeader({ alg: 'ES256', typ: 'JWT' })
    .setIssuer('privy.io')
    .setAudience(options.appId ?? TEST_APP_ID)
    .setSubject('did:privy:user-1')
    .setIssuedAt(now)
    .setExpirationTime(now + (options.ttlSeconds ?? 3600))
  return jwt.sign(privateKey)
}

export function userDto(overrides: Partial<UserDto> = {}): UserDto {
  return {
    id: 'did:privy:user-1',
    created_at: 1_700_000_000,
    linked_accounts: [
      { type: 'email', address: 'ada@example.com', verified_at: 1_700_000_000, first_verified_at: 1_700_000_000, latest_verified_at: 1_700_000_100 },
    ],
    mfa_methods: [],
    has_accepted_terms: false,
    is_guest: false,
    ...overrides,
  }
}

export async function authResponse(overrides: Partial<AuthenticatedUserDto> = {}): Promise<AuthenticatedUserDto> {
  const token = await makeAccessToken()
  return {
    user: userDto(),
    token,
    privy_access_token: null,
    refresh_token: `rt-${crypto.randomUUID()}`,
    identity_token: await makeAccessToken(),
    is_new_user: false,
    session_update_action: 'set',
    ...overrides,
  }
}

export function appConfigDto(overrides: Partial<AppConfigDto> = {}): AppConfigDto {
  const createOnLogin = { create_on_login: 'off' as const }
  return {
    id: TEST_APP_ID,
    name: 'Test App',
    logo_url: null,
    icon_url: null,
    accent_color: null,
    theme: null,
    show_wallet_login_first: false,
    allowlist_config: { error_title: null, error_detail: null, cta_text: null, cta_link: null },
    legacy_wallet_ui_config: false,
    wallet_auth: false,
    solana_wallet_auth: false,
    email_auth: true,
    sms_auth: false,
    passkey_auth: false,
    passkeys_for_signup_enabled: false,
    guest_auth: false,
    custom_jwt_auth: false,
    farcaster_auth: false,
    telegram_auth: false,
    google_oauth: false,
    twitter_oauth: false,
    discord_oauth: false,
    github_oauth: false,
    spotify_oauth: false,
    instagram_oauth: false,
    tiktok_oauth: false,
    line_oauth: false,
    linkedin_oauth: false,
    apple_oauth: false,
    disable_plus_emails: false,
    terms_and_conditions_url: null,
    privacy_policy_url: null,
    require_users_accept_terms: false,
    wallet_connect_cloud_project_id: null,
    captcha_enabled: false,
    captcha_site_key: null,
    enforce_wallet_uis: false,
    mfa_methods: [],
    whatsapp_enabled: false,
    custom_api_url: null,
    verification_key: '',
    telegram_auth_config: null,
    funding_config: null,
    embedded_wallet_config: {
      create_on_login: 'off',
      ethereum: createOnLogin,
      solana: createOnLogin,
      user_owned_recovery_options: ['user-passcode'],
      require_user_owned_recovery_on_create: false,
      mode: 'user-controlled-server-wallets-only',
    },
    max_linked_wallets_per_user: null,
    ...overrides,
  }
}
