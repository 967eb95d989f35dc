import type { ClientOptions, EthereumFundWalletOptions, SolanaFundWalletOptions, User } from '../../src/core/index.js'
import type { ModalRequest, WalletRecoverySetDetail } from '../../src/ui/index.js'
import type { FundFailedDetail, FundOutcomeDetail } from '../fund-wallet/types.js'

/** The `config` JS property: the client config the host merges over the server config. */
export type AuthModalConfig = NonNullable<ClientOptions['config']>

export interface LoginSuccessDetail {
  user: User
  isNewUser: boolean
}
/**
 * `start({ intent: 'fund', ... })`: a funding session for one of the user's wallets (default: the first embedded
 * wallet of `chainType`); the modal opens on its landing, and `fundsuccess` or `funduserexited` tells how it ended.
 */
export type FundModalRequest = { intent: 'fund' } & (
  | ({ chainType?: 'ethereum'; address?: string } & EthereumFundWalletOptions)
  | ({ chainType: 'solana'; address?: string } & SolanaFundWalletOptions)
)

/**
 * What `start()` opens the modal for: `{ intent: 'login' }` (the landing), `{ intent: 'link', method }` with
 * `method` 'email', 'sms' or an OAuth provider, `{ intent: 'update', method: 'email' | 'sms' }`, `{ intent: 'connect-or-create' }`,
 * or a funding session.
 */
export type AuthModalRequest = ModalRequest | FundModalRequest
/** `linksuccess`: the account was linked to the signed-in user; `linkMethod` is 'email', 'sms' or the provider. */
export interface LinkSuccessDetail {
  user: User
  linkMethod: string
}
/** `updatesuccess`: the user's email or phone number was replaced. */
export interface UpdateSuccessDetail {
  user: User
  updateMethod: 'email' | 'sms'
}
export interface AuthErrorDetail {
  code: string
  message: string
}
export type { WalletRecoverySetDetail }
export interface LogoutDetail {
  reason: string
}
export type { FundFailedDetail, FundOutcomeDetail }
