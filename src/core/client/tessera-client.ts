import { accountTransferFrom } from '../auth/transfer/account-transfer-from.js'
import type { TesseraClient } from '../types.js'
import { acceptTerms } from './accept-terms.js'
import { replaceOverrides } from './config.js'
import { destroyClient } from './destroy.js'
import type { ClientRuntime, StartedClient } from './runtime.js'

/** The public client over the runtime: each member reads a store or calls an action. */
export function tesseraClient(runtime: ClientRuntime, started: StartedClient): TesseraClient {
  const { options, config, auth, captcha, session, transport, identityToken, events } = runtime
  const client: TesseraClient = {
    appId: runtime.appId,
    get apiUrl() {
      return transport.apiUrl
    },
    locale: options.locale,
    messages: options.messages,
    ready: started.ready,
    getConfig: config.get,
    watchConfig: config.watch,
    setConfig: (next) => replaceOverrides(runtime, next),
    getAuth: auth.get,
    watchAuth: auth.watch,
    getRecentLoginMethod: runtime.recentLoginMethod.get,
    auth: started.loginMethods.auth,
    getCaptcha: captcha.state.get,
    watchCaptcha: captcha.state.watch,
    captcha: { execute: captcha.flow.execute, consumeToken: captcha.flow.consumeToken, reset: captcha.flow.reset },
    accountTransferFrom,
    // Loaded on use: only a link that hit an existing account ever transfers.
    transferAccount: async (transfer) => (await import('../auth/transfer/transfer-account.js')).transferAccount(runtime, transfer),
    wallets: runtime.wallets,
    embeddedWallets: runtime.embeddedWallets.member,
    mfa: runtime.mfa.member,
    loginMfa: runtime.loginMfa.member,
    funding: runtime.funding.member,
    getAccessToken: () => session.getAccessToken(),
    getIdentityToken: identityToken.get,
    watchIdentityToken: identityToken.watch,
    refreshUser: () => session.fetchUser(),
    acceptTerms: () => acceptTerms(runtime),
    logout: () => session.logout('user'),
    // Loaded on use, like a transfer: few users ever log out everywhere.
    logoutEverywhere: async () => (await import('../session/logout-everywhere.js')).logoutEverywhere(runtime),
    on: events.on,
    destroy: () => destroyClient(runtime, started, client),
  }
  return client
}
