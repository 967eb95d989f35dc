import { parts, typed, type ElementDefinition, type ElementEventMap } from '../definition-format.js'
import { apiUrlAttribute, appIdAttribute, bubblingNote, localeAttribute, messagesProperty, themeAttribute } from '../shared/common-surface.js'
import { themeCssProperties } from '../shared/css-properties.js'
import type {
  AuthErrorDetail,
  AuthModalConfig,
  FundFailedDetail,
  FundOutcomeDetail,
  LinkSuccessDetail,
  LoginSuccessDetail,
  LogoutDetail,
  UpdateSuccessDetail,
  WalletRecoverySetDetail,
} from './types.js'

/** `<auth-modal>`: the sign-in modal, and every flow that opens in it. */
export const authModalDefinition = {
  tag: 'auth-modal',
  className: 'AuthModalElement',
  summary:
    'The sign-in modal: the landing, each login method, linking and updating accounts, and the wallet, confirmation and funding screens that open over the page.',
  attributes: [
    appIdAttribute,
    apiUrlAttribute,
    { name: 'open', property: 'open', kind: 'boolean', type: typed<boolean>('boolean'), description: 'Shows the modal (present means true)' },
    { name: 'standalone', property: 'standalone', kind: 'boolean', type: typed<boolean>('boolean'), description: 'Renders inline with no close button' },
    themeAttribute,
    localeAttribute,
  ],
  properties: [
    {
      name: 'config',
      type: typed<AuthModalConfig>('AuthModalConfig'),
      description:
        'Client config over the server config (`appearance`, `loginMethods`, `loginMethodsAndOrder`, `legal`, `intl`), applied whenever it is set; elements and providers of one app share one client, so the last `config` set wins',
    },
    messagesProperty,
  ],
  methods: [
    {
      name: 'start',
      parameters: [{ name: 'request', type: 'AuthModalRequest', optional: true }],
      description:
        "Opens the modal for a request: `{ intent: 'login' }` (default, the landing), `{ intent: 'link', method }` with `method` `'email'`, `'sms'`, `'passkey'`, `'farcaster'`, `'telegram'`, `'wallet'`, a cross-app `'privy:<app id>'` or an OAuth provider (opens straight on that method; needs a signed-in user), `{ intent: 'update', method: 'email' | 'sms' }` (asks for the new address or number), `{ intent: 'connect-or-create' }` (signed out, the wallet sign-in; signed in without an embedded Ethereum wallet, a choice to connect an external wallet or create the embedded one; with one, linking an external wallet), or `{ intent: 'fund', ... }` (a funding session). The request lasts until the modal closes",
    },
  ],
  events: [
    {
      name: 'loginsuccess',
      detail: typed<LoginSuccessDetail>('LoginSuccessDetail'),
      shape: '{ user, isNewUser }',
      description: 'The user signed in',
      dispatcher: 'root',
      reactCallback: 'onLoginSuccess',
    },
    {
      name: 'autherror',
      detail: typed<AuthErrorDetail>('AuthErrorDetail'),
      shape: '{ code, message }',
      description: 'A sign-in step failed',
      dispatcher: 'root',
      reactCallback: 'onAuthError',
    },
    {
      name: 'modalclose',
      detail: typed<null>('null'),
      shape: 'null',
      description: 'The user closed the modal',
      dispatcher: 'root',
      reactCallback: 'onModalClose',
    },
    {
      name: 'logout',
      detail: typed<LogoutDetail>('LogoutDetail'),
      shape: '{ reason }',
      description: 'The session ended',
      dispatcher: 'root',
      reactCallback: 'onLogout',
    },
    {
      name: 'linksuccess',
      detail: typed<LinkSuccessDetail>('LinkSuccessDetail'),
      shape: '{ user, linkMethod }',
      description: 'An account was linked to the signed-in user; the modal closes',
      dispatcher: 'root',
      reactCallback: 'onLinkSuccess',
    },
    {
      name: 'updatesuccess',
      detail: typed<UpdateSuccessDetail>('UpdateSuccessDetail'),
      shape: '{ user, updateMethod }',
      description: "The user's email or phone number was replaced; the modal closes",
      dispatcher: 'root',
      reactCallback: 'onUpdateSuccess',
    },
    {
      name: 'walletrecoveryset',
      detail: typed<WalletRecoverySetDetail>('WalletRecoverySetDetail'),
      shape: 'WalletRecoverySetDetail',
      description: "A wallet flow set the wallets' recovery (password, automatic)",
      dispatcher: 'element',
      reactCallback: 'onWalletRecoverySet',
    },
    {
      name: 'fundsuccess',
      detail: typed<FundOutcomeDetail>('FundOutcomeDetail'),
      shape: '{ address, chain | cluster, fundingMethod, balance }',
      description: "A session `start({ intent: 'fund' })` opened was funded",
      dispatcher: 'element',
      reactCallback: 'onFundSuccess',
    },
    {
      name: 'funduserexited',
      detail: typed<FundOutcomeDetail>('FundOutcomeDetail'),
      shape: '{ address, chain | cluster, fundingMethod, balance }',
      description: "A session `start({ intent: 'fund' })` opened ended without funding",
      dispatcher: 'element',
      reactCallback: 'onFundUserExited',
    },
    {
      name: 'fundfailed',
      detail: typed<FundFailedDetail>('FundFailedDetail'),
      shape: '{ code, message }',
      description: "A session `start({ intent: 'fund' })` asked for could not start",
      dispatcher: 'element',
      reactCallback: 'onFundFailed',
    },
  ],
  parts: [
    ...parts('The modal', [
      'overlay',
      'dialog',
      'header',
      'title',
      'back-button',
      'close-button',
      'info-button',
      'info-panel',
      'body',
      'logo',
      'email-input',
      'submit-button',
      'code-input',
      'code-description',
      'error',
      'footer',
    ]),
    ...parts('Landing rows', ['method-button', 'method-label', 'sms-button', 'oauth-button', '<provider>-button', 'overflow-button', 'recent-chip']),
    ...parts('Phone input', ['country-select', 'phone-input', 'hint']),
    ...parts('OAuth status', ['oauth-status']),
    ...parts('Passkey', ['passkey-button', 'passkey-signup-button', 'passkey-login-button', 'passkey-status', 'passkey-error', 'retry-button']),
    ...parts('Farcaster', [
      'farcaster-button',
      'farcaster-qr-code',
      'farcaster-copy-link',
      'farcaster-copied',
      'farcaster-open-app',
      'farcaster-hint',
      'farcaster-error',
    ]),
    ...parts('Wallet creation', ['embedded-wallet-status', 'embedded-wallet-error', 'close-action', 'embedded-wallet-created']),
    ...parts('Farcaster signer', [
      'farcaster-signer-qr-code',
      'farcaster-signer-open',
      'farcaster-signer-copy-link',
      'farcaster-signer-copied',
      'farcaster-signer-hint',
      'farcaster-signer-waiting',
      'farcaster-signer-done',
      'farcaster-signer-error',
    ]),
  ],
  cssProperties: themeCssProperties,
  notes: {
    events: bubblingNote,
    parts: 'The other wallet flows (password, recovery and cloud backup, MFA, key export and import, delegation) list theirs in docs/decisions.md',
  },
} as const satisfies ElementDefinition

/** DOM events of `<auth-modal>` (its definition): bubbling, composed, without an `on` prefix. */
export type AuthModalEventMap = ElementEventMap<typeof authModalDefinition>
