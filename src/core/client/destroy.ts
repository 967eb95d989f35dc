import type { TesseraClient } from '../types.js'
import { forgetClient } from './registry.js'
import type { ClientRuntime, StartedClient } from './runtime.js'

/** Stops every request, watch and wait, clears the stores' listeners, and frees the app id for a new client. */
export function destroyClient(runtime: ClientRuntime, { stopWatchingTabs, loginMethods }: StartedClient, client: TesseraClient): void {
  runtime.lifetime.abort()
  stopWatchingTabs()
  runtime.captcha.stopSyncing()
  runtime.embeddedWallets.destroy()
  runtime.wallets.destroy()
  runtime.funding.destroy()
  for (const method of loginMethods.created) method.destroy()
  runtime.captcha.flow.destroy()
  runtime.captcha.state.clear()
  runtime.config.clear()
  runtime.auth.clear()
  runtime.identityToken.clear()
  runtime.events.clear()
  forgetClient(client)
}
