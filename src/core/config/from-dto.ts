/** Maps the server app config (snake_case) to the effective config. */
import type { AppConfigDto, EmbeddedWalletConfigDto } from '../../protocol/index.js'
import { landingMethodsFromDto, loginMethodConfigFields } from '../auth/login-methods.js'
import { DEFAULT_LANDING_HEADER } from './defaults.js'
import type { EffectiveConfig, UserOwnedRecoveryOption, WalletChainType } from './types.js'

export function walletChainTypeFromDto(dto: AppConfigDto): WalletChainType {
  if (dto.solana_wallet_auth) return dto.wallet_auth ? 'ethereum-and-solana' : 'solana-only'
  return 'ethereum-only'
}

export function configFromDto(dto: AppConfigDto): EffectiveConfig {
  return {
    appId: dto.id,
    appName: dto.name,
    appearance: {
      theme: dto.theme ?? 'light',
      accentColor: dto.accent_color ?? null,
      logo: dto.logo_url ?? null,
      landingHeader: DEFAULT_LANDING_HEADER,
      loginMessage: null,
      showWalletLoginFirst: dto.show_wallet_login_first ?? false,
      walletChainType: walletChainTypeFromDto(dto),
      loginGroupPriority: 'web2-first',
    },
    loginMethods: landingMethodsFromDto(dto),
    legal: {
      termsAndConditionsUrl: dto.terms_and_conditions_url ?? null,
      privacyPolicyUrl: dto.privacy_policy_url ?? null,
      requireUsersAcceptTerms: dto.require_users_accept_terms ?? false,
    },
    allowlist: {
      errorTitle: dto.allowlist_config?.error_title ?? null,
      errorDetail: dto.allowlist_config?.error_detail ?? null,
      ctaText: dto.allowlist_config?.cta_text ?? null,
      ctaLink: dto.allowlist_config?.cta_link ?? null,
    },
    disablePlusEmails: dto.disable_plus_emails ?? false,
    captchaEnabled: dto.captcha_enabled ?? false,
    customApiUrl: dto.custom_api_url ?? null,
    embeddedWallets: embeddedWalletsFromDto(dto.embedded_wallet_config),
    appChains: (dto.chains ?? []).map((chain) => ({
      id: chain.id,
      name: chain.name,
      nativeCurrency: chain.native_currency,
      rpcUrl: chain.rpc_url,
      blockExplorerUrl: chain.block_explorer_url,
      testnet: chain.testnet,
      onrampNetwork: chain.onramp_network,
      usdcAddress: chain.usdc_address,
    })),
    supportedChains: null,
    defaultChain: dto.default_chain_id ?? null,
    solanaClusters: (dto.solana_clusters ?? []).map((cluster) => ({
      name: cluster.name,
      rpcUrl: cluster.rpc_url,
      blockExplorerUrl: cluster.block_explorer_url,
      usdcMint: cluster.usdc_mint,
    })),
    loginMethodsAndOrder: null,
    intl: { defaultCountry: 'US' },
    captchaSiteKey: dto.captcha_enabled ? (dto.captcha_site_key ?? null) : null,
    mfaMethods: dto.mfa_methods,
    walletConnectProjectId: dto.wallet_connect_cloud_project_id || null,
    walletConnectRelayUrl: dto.wallet_connect_relay_url || null,
    fundingConfig: dto.funding_config ?? null,
    ...loginMethodConfigFields(dto),
  }
}

/** The Ethereum setting is also the top-level `createOnLogin` (the server's top-level one, when no per-chain one). */
function embeddedWalletsFromDto(dto: EmbeddedWalletConfigDto | undefined): EffectiveConfig['embeddedWallets'] {
  const ethereum = dto?.ethereum?.create_on_login ?? dto?.create_on_login ?? 'off'
  return {
    createOnLogin: ethereum,
    ethereum: { createOnLogin: ethereum },
    solana: { createOnLogin: dto?.solana?.create_on_login ?? 'off' },
    requireUserPasswordOnCreate: dto?.require_user_password_on_create ?? false,
    requireUserOwnedRecoveryOnCreate: dto?.require_user_owned_recovery_on_create,
    showWalletUIs: true,
    userOwnedRecoveryOptions: dto?.user_owned_recovery_options as UserOwnedRecoveryOption[] | undefined,
    announceWallets: dto?.announce_wallets_enabled,
  }
}
