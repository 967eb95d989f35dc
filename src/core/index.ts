/** The public entry of the framework-free client. */
export { createClient, getOrCreateClient, pageClients } from './client.js'
export { TesseraError, type TesseraErrorOptions } from './errors/base-error.js'
export { fromApiResponse } from './errors/from-api-response.js'
export { isValidEmail, hasPlusAddress } from './auth/email/validation.js'
export { loadPhoneNumberLibrary, normalizePhoneNumber } from './auth/sms/phone-number.js'
export { maskPhoneNumber } from './auth/sms/mask-phone-number.js'
export { findLinkedAccount } from './user/find-linked-account.js'
export { displayLoginMessage } from './config/display.js'
export { DEFAULT_LANDING_HEADER } from './config/defaults.js'
export { shortenAddress } from './utils/shorten-address.js'
export { randomUuid } from './utils/random-uuid.js'
export { createMemoryStorage, createLocalStorage } from './session/storage.js'
export { version } from './version.js'
export { EXPIRED_AND_FAILED_RESET } from './captcha/types.js'
export { CAPTCHA_FAILED_MESSAGE, UNSUPPORTED_CAPTCHA_SITE_KEY_MESSAGE } from './errors/client-errors.js'
export type {
  AccountTransfer,
  AuthIntent,
  AuthState,
  AuthStatus,
  CaptchaState,
  CaptchaStatus,
  ClientEvents,
  ClientMessages,
  ClientOptions,
  CopyKeys,
  ConfigState,
  CrossAppAuthorizationRequest,
  CrossAppConnection,
  CrossAppFlowState,
  CrossAppFlowStatus,
  CrossAppProviderDetails,
  CrossAppRequester,
  CrossAppTransactRequest,
  CustomAuthState,
  CustomAuthStatus,
  EmailFlowState,
  FarcasterFlowState,
  FarcasterFlowStatus,
  FarcasterLoginOptions,
  FarcasterSignerApproved,
  FarcasterSignerPendingApproval,
  FarcasterSignerRequestOptions,
  Listener,
  LoginMethodName,
  LoginWithCodeOptions,
  OAuthFlowState,
  OAuthFlowStatus,
  OAuthStartOptions,
  OtpFlow,
  OtpFlowState,
  OtpFlowStatus,
  PasskeyFlowState,
  PasskeyFlowStatus,
  PasskeyIntent,
  PasskeyStartOptions,
  TelegramFlowState,
  TelegramFlowStatus,
  TelegramLoginOptions,
  SendCodeOptions,
  SmsFlowState,
  TesseraClient,
  TokenStorage,
  Unsubscribe,
} from './types.js'
export type {
  AllowlistScreen,
  Appearance,
  EffectiveConfig,
  EffectiveConfigInput,
  Legal,
  LoginMethod,
  ThemeName,
  WalletChainType,
  WalletListEntry,
} from './config/types.js'
export type { CrossAppProvider } from './auth/cross-app/config.js'
export type { CustomAuthConfig } from './auth/custom-auth/config.js'
export type { TelegramConfig } from './auth/telegram/config.js'
export type {
  ConnectedEthereumWallet,
  ConnectedSolanaWallet,
  ConnectedWallet,
  ConnectedWalletData,
  ConnectedWalletMeta,
  ConnectWalletOptions,
  ExternalSignature,
  WalletChain,
  WalletConnectorType,
  WalletErrorKind,
  WalletFlowState,
  WalletIntent,
  WalletLoginStatus,
  WalletOption,
  WalletsApi,
  WalletSignInOptions,
} from './wallets/types.js'
export { walletErrorKind } from './wallets/errors.js'
export type { OAuthTokens } from './auth/oauth/provider-tokens.js'
export type { LoginMfaApi, LoginMfaState } from './auth/login-mfa/types.js'
export { errorIndicatesMaxMfaRetries, errorIndicatesMfaTimeout, errorIndicatesMfaVerificationFailed } from './errors/indicates.js'
export { toViemAccount } from './wallets/embedded/to-viem-account.js'
export { activeWalletOf, type ActiveWalletChoice, type ActiveWalletStore } from './wallets/active-wallet.js'
export {
  connectedStandardSolanaWallet,
  type ConnectedStandardSolanaWallet,
  type SolanaSigner,
  type StandardSolanaTransactionInput,
} from './wallets/solana/connected-standard-wallet.js'
export { recoveryPromptToCreate } from './wallets/embedded/create-on-login.js'
export type { Chain } from './chains/chain.js'
export type {
  AddSessionSignersInput,
  CreateEmbeddedWalletOptions,
  EmbeddedEthereumProvider,
  EmbeddedSolanaProvider,
  EmbeddedWallet,
  EmbeddedWalletsApi,
  EmbeddedWalletsState,
  EmbeddedWalletStatus,
  EthereumTransactionRequest,
  ImportWalletInput,
  KeyExportFrame,
  LoginRecoveryInput,
  RecoverInput,
  RemoveSessionSignersInput,
  SessionSignerInput,
  SetRecoveryInput,
  SolanaTransactionLike,
  SolanaTransactionOptions,
} from './wallets/embedded/types.js'
export type { SignAuthorizationInput, SignedAuthorization } from './wallets/embedded/sign-authorization.js'
export type { ChainInput, CreateOnLogin, EmbeddedWalletsConfig, SolanaCluster, UserOwnedRecoveryOption } from './config/types.js'
export type * from './transactions/types.js'
export type * from './funding/types.js'
export { fundingOutcomeDetail } from './funding/outcome-detail.js'
export type { MfaAnswer, MfaApi, MfaChallengeStatus, MfaMethodType, MfaState, TotpEnrollment } from './mfa/types.js'
export { knownWallets } from './wallets/known-wallets.js'
export type * from './user/types.js'
export type { EmailAccount, PhoneAccount } from './auth/otp/types.js'
export type {
  AppleAccount,
  DiscordAccount,
  GithubAccount,
  GoogleAccount,
  InstagramAccount,
  LineAccount,
  LinkedInAccount,
  SpotifyAccount,
  TiktokAccount,
  TwitterAccount,
} from './auth/oauth/types.js'
export type { CrossAppAccount } from './auth/cross-app/types.js'
export type { CustomAuthAccount } from './auth/custom-auth/types.js'
export type { FarcasterAccount } from './auth/farcaster/types.js'
export type { PasskeyAccount } from './auth/passkey/types.js'
export type { TelegramAccount } from './auth/telegram/types.js'
export type { CloudRecoveryProvider, ErrorCode } from '../protocol/index.js'
