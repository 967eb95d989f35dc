import type { AppConfigDto } from '../../../src/protocol/index.js'
import { captchaSiteKeyPrefixes } from '../../../src/protocol/index.js'
import { loginMethodModules } from '../auth/login-methods.js'
import { toFundingConfigDto } from '../funding/funding-config-dto.js'
import type { AppRecord } from './types.js'

/** The app config's fields the login methods give (`LoginMethodModule.appConfig`). */
type LoginMethodConfig = Pick<
  AppConfigDto,
  Extract<keyof AppConfigDto, `${string}_auth` | `${string}_oauth`> | 'passkeys_for_signup_enabled' | 'telegram_auth_config'
>

/**
 * The public app config (sign-in spec, "Entities and their fields"); methods not built yet report off. Secrets never appear here. `apiOrigin`
 * (this server as the browser reaches it) is the `custom_api_url` of a cookie-session app without an explicit one.
 */
export function toAppConfigDto(
  app: AppRecord,
  verificationKey: string,
  crossAppLoginProviders: AppConfigDto['cross_app_login_providers'] = [],
  apiOrigin: string | null = null,
): AppConfigDto {
  return {
    id: app.id,
    name: app.name,
    logo_url: app.logoUrl,
    icon_url: null,
    accent_color: app.accentColor,
    theme: app.theme,
    show_wallet_login_first: false,
    allowlist_config: {
      error_title: app.allowlist.errorTitle,
      error_detail: app.allowlist.errorDetail,
      cta_text: app.allowlist.ctaText,
      cta_link: app.allowlist.ctaLink,
    },
    legacy_wallet_ui_config: false,
    ...loginMethodConfig(app),
    disable_plus_emails: app.disablePlusEmails,
    terms_and_conditions_url: app.termsUrl,
    privacy_policy_url: app.privacyUrl,
    require_users_accept_terms: app.requireUsersAcceptTerms,
    wallet_connect_cloud_project_id: app.walletConnectProjectId,
    wallet_connect_relay_url: app.walletConnectRelayUrl,
    captcha_enabled: app.captcha !== null,
    captcha_site_key: captchaSiteKey(app),
    enforce_wallet_uis: false,
    mfa_methods: app.mfaMethods,
    whatsapp_enabled: app.whatsappEnabled,
    // Non-null switches the reference client to server-cookie mode (docs/wire.md "Base URL and cookie sessions").
    custom_api_url: app.cookieSessions ? (app.cookieSessions.apiUrl ?? apiOrigin) : null,
    verification_key: verificationKey,
    funding_config: toFundingConfigDto(app.funding),
    embedded_wallet_config: {
      create_on_login: app.embeddedWallets.ethereumCreateOnLogin,
      ethereum: { create_on_login: app.embeddedWallets.ethereumCreateOnLogin },
      solana: { create_on_login: app.embeddedWallets.solanaCreateOnLogin },
      user_owned_recovery_options: app.embeddedWallets.userOwnedRecoveryOptions,
      require_user_owned_recovery_on_create: app.embeddedWallets.requireUserOwnedRecoveryOnCreate ?? false,
      require_user_password_on_create: app.embeddedWallets.requireUserPasswordOnCreate,
      announce_wallets_enabled: app.embeddedWallets.announceWalletsEnabled ?? false,
      mode: app.embeddedWallets.mode ?? 'legacy-embedded-wallets-only',
    },
    max_linked_wallets_per_user: app.maxLinkedWalletsPerUser,
    cross_app_login_providers: crossAppLoginProviders,
    chains: app.chains.map((chain) => ({
      id: chain.id,
      name: chain.name,
      native_currency: chain.nativeCurrency,
      rpc_url: chain.rpcUrl,
      block_explorer_url: chain.blockExplorerUrl,
      testnet: chain.testnet,
      ...(chain.onrampNetwork && { onramp_network: chain.onrampNetwork }),
      ...(chain.usdcAddress && { usdc_address: chain.usdcAddress }),
    })),
    default_chain_id: app.defaultChainId,
    solana_clusters: app.solanaClusters.map((cluster) => ({
      name: cluster.name,
      rpc_url: cluster.rpcUrl,
      block_explorer_url: cluster.blockExplorerUrl,
      ...(cluster.usdcMint && { usdc_mint: cluster.usdcMint }),
    })),
  }
}

function captchaSiteKey(app: AppRecord): string | null {
  if (!app.captcha) return null
  if (app.captcha.provider === 'turnstile') return `${captchaSiteKeyPrefixes.turnstile}${app.captcha.siteKey ?? ''}`
  return `${captchaSiteKeyPrefixes.altcha}${app.id}`
}

/** Each login method's switches and public settings. */
const loginMethodConfig = (app: AppRecord) => Object.assign({}, ...loginMethodModules.map((method) => method.appConfig?.(app))) as LoginMethodConfig
