import { createContext, useContext } from 'react'
import type { LoginMethod, TesseraClient, TesseraError, User } from '../core/index.js'
import type { ErrorRoute, ErrorStep } from './errors/route-error.js'
import type { Navigation } from './navigation/navigation.js'
import type { WalletFlowScreen } from './screens/wallet-flows/screens.js'

/** What the modal was opened for: sign-in (the default), linking a method, or updating an email or phone. */
/** The per-call options of a sign-in (the reference SDK's `login({ loginMethods, prefill, disableSignup })`). */
export interface LoginRequestOptions {
  /** Only these of the app's methods on the landing. */
  loginMethods?: LoginMethod[]
  /** The email or phone number the form starts with. */
  prefill?: { type: 'email' | 'phone'; value: string }
  /** Existing accounts only: the server is asked with `mode: 'no-signup'`. */
  disableSignup?: boolean
}

export type ModalRequest =
  | ({ intent: 'login'; method?: undefined } & LoginRequestOptions)
  | { intent: 'link'; method: LoginMethod }
  | { intent: 'update'; method: 'email' | 'sms' }
  /**
   * A wallet for the user (the reference SDK's `connectOrCreateWallet`): signed out, the wallet sign-in; signed in
   * without an embedded Ethereum wallet, connecting an external wallet or creating the embedded one; with one,
   * connecting (linking) an external wallet.
   */
  | { intent: 'connect-or-create'; method?: undefined }
  /**
   * A wallet security flow for the signed-in user, opened on `screen` (e.g. 'password:create'); `address` names the
   * wallet; `automatic`: the product opened it (a wallet operation waits on the user), not the user.
   */
  | { intent: 'wallet'; screen: WalletFlowScreen; address?: string; automatic?: boolean; method?: undefined }

/** The transfer offer read from an `account_transfer_required` error (wallet spec, "Screens and routes": "Account transfer"). */
export type AccountTransfer = NonNullable<ReturnType<TesseraClient['accountTransferFrom']>>
/** What a link attempt was moving: lets an `account_transfer_required` answer open the transfer screens. */
export type TransferContext = Parameters<TesseraClient['accountTransferFrom']>[1]
/** The login the terms step holds back until the user accepts. */
export interface LoginDetail {
  user: User
  isNewUser: boolean
}

export interface CaptchaActionOptions {
  /** The action opens a popup, which browsers allow only inside a click: after the CAPTCHA the user presses Continue. */
  userGesture?: boolean
}

export interface ModalContextValue {
  request: ModalRequest
  /**
   * Runs `action` with a CAPTCHA token: at once (undefined token) when CAPTCHA is off or a token is held,
   * otherwise through the CAPTCHA screen, which calls it when solved (sign-in spec, "States and transitions": "CAPTCHA").
   */
  withCaptcha(action: (captchaToken: string | undefined) => Promise<void>, options?: CaptchaActionOptions): Promise<void>
  client: TesseraClient
  navigation: Navigation
  standalone: boolean
  close(): void
  /** Shows the error's screen (sign-in spec, "States and transitions": "Error routing") and reports it to the host. */
  showError(error: TesseraError, step?: ErrorStep | null): void
  /**
   * Reports a failed step to the host and opens the error screen unless the error is shown inline;
   * returns where it goes, so the screen can show its inline state.
   */
  handleError(caught: unknown, step: ErrorStep, transfer?: TransferContext): ErrorRoute['kind']
  /** The error the error screen shows, and the step that failed. */
  error: TesseraError | null
  errorStep: ErrorStep | null
  /** The transfer the transfer screens offer. */
  transfer: AccountTransfer | null
  /** Runs the action parked by `withCaptcha` with the solved token (the CAPTCHA screen calls it). */
  runCaptchaAction(captchaToken: string | undefined): Promise<void>
  /** Whether the parked action must run inside a click (the CAPTCHA screen then offers Continue). */
  captchaActionNeedsUserGesture(): boolean
  /** The login held back by the terms step or by the wallets it creates. */
  heldLogin: LoginDetail | null
  /** Reports the held-back login and closes (the terms step once the user accepted, the wallet-created screen). */
  finishLogin(detail: LoginDetail): void
  /** Wallet creation after the held login failed (the core signed the user out): the login is not reported. */
  walletCreationFailed(error: TesseraError | null): void
}

export const ModalContext = createContext<ModalContextValue | null>(null)

export function useModal(): ModalContextValue {
  const value = useContext(ModalContext)
  if (!value) throw new Error('useModal must be used inside the auth modal')
  return value
}
