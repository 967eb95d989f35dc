/** createClient(): the one store elements and hooks share (getX / watchX pairs, docs/architecture.md "The layers"). */
import type { ClientInternals } from './client-internals.js'
import { loadServerConfig } from './client/config.js'
import { createRuntime } from './client/create-runtime.js'
import { registry } from './client/registry.js'
import { report } from './client/report.js'
import { restoreSession } from './client/restore-session.js'
import { startLoginMethods } from './client/start-login-methods.js'
import { tesseraClient } from './client/tessera-client.js'
import { warmWalletFrameOnCodeSent } from './client/warm-wallet-frame.js'
import type { ClientOptions, TesseraClient } from './types.js'

export function createClient(options: ClientOptions & ClientInternals): TesseraClient {
  const runtime = createRuntime(options)
  void report(runtime, 'sdk_initialize')
  const stopWatchingTabs = runtime.session.watchOtherTabs()
  // The custom API URL from the config must be known before the session is checked against it.
  const ready = Promise.all([loadServerConfig(runtime).then(() => restoreSession(runtime)), runtime.recentLoginMethod.load()]).then(() => undefined)
  const loginMethods = startLoginMethods(runtime, ready)
  warmWalletFrameOnCodeSent(runtime, loginMethods.auth)
  return tesseraClient(runtime, { ready, stopWatchingTabs, loginMethods })
}

/** `internals` are test seams (e.g. the demo's Telegram widget stand-in); they apply only when this call creates the client. */
export function getOrCreateClient(options: ClientOptions & Pick<ClientInternals, 'telegramOAuthUrl' | 'turnstileScriptUrl'>): TesseraClient {
  const existing = registry().get(options.appId)
  if (existing) {
    if (options.apiUrl && options.apiUrl.replace(/\/+$/, '') !== existing.apiUrl) {
      console.warn(`[tessera] A client for app ${options.appId} already exists with API ${existing.apiUrl}; reusing it.`)
    }
    return existing
  }
  const client = createClient(options)
  registry().set(options.appId, client)
  return client
}

/** The clients of this page (one per app id), e.g. for reading a token outside React. */
export function pageClients(): TesseraClient[] {
  return [...registry().values()]
}
