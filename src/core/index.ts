/** The public entry of the framework-free client. */
export { createClient, getOrCreateClient } from './client.js'
export { TesseraError, type TesseraErrorOptions } from './errors/base-error.js'
export { fromApiResponse } from './errors/from-api-response.js'
export { isValidEmail, hasPlusAddress } from './auth/email/validation.js'
export { displayLoginMessage } from './config/display.js'
export { DEFAULT_LANDING_HEADER } from './config/defaults.js'
export { shortenAddress } from './utils/shorten-address.js'
export { createMemoryStorage, createLocalStorage } from './session/storage.js'
export { version } from './version.js'
export type {
  AuthState,
  AuthStatus,
  ClientEvents,
  ClientOptions,
  ConfigState,
  EmailFlowState,
  Listener,
  LoginWithCodeOptions,
  OtpFlowStatus,
  TesseraClient,
  TokenStorage,
  Unsubscribe,
} from './types.js'
export type { AllowlistScreen, Appearance, EffectiveConfig, EffectiveConfigInput, Legal, LoginMethod, ThemeName, WalletChainType } from './config/types.js'
export type * from './user/types.js'
export type { ErrorCode } from '../protocol/index.js'
