import { crossAppUi } from './login-methods/cross-app/method.js'
import { emailUi } from './login-methods/email/method.js'
import { farcasterUi } from './login-methods/farcaster/method.js'
import { oauthUi } from './login-methods/oauth/method.js'
import { passkeyUi } from './login-methods/passkey/method.js'
import { smsUi } from './login-methods/sms/method.js'
import { telegramUi } from './login-methods/telegram/method.js'
import { walletUi } from './login-methods/wallet/method.js'
import type { LoginMethodUi } from './login-methods/method-ui.js'

/** Every login method's UI (landing rows, screens, reset on close), in the order of login-methods/route-list.ts. */
export const loginMethodUis: readonly LoginMethodUi[] = [emailUi, smsUi, oauthUi, walletUi, crossAppUi, passkeyUi, farcasterUi, telegramUi]
