/** The client's config: the host's overrides merged over the server's config (the defaults until it loads). */
import { getAppConfig } from '../api/apps.js'
import { relayAppRpcs } from '../chains/relay-app-rpcs.js'
import { configFromDto } from '../config/from-dto.js'
import { mergeConfig, validateConfig } from '../config/resolve.js'
import { toTesseraError } from '../errors/client-errors.js'
import type { ClientOptions } from '../types.js'
import type { ClientRuntime } from './runtime.js'

/** Fetches the server's config once at start; a failure stays in the config state, over the local config. */
export async function loadServerConfig(runtime: ClientRuntime): Promise<void> {
  const { transport, config } = runtime
  try {
    const fromServer = configFromDto(await getAppConfig(transport, runtime.appId, runtime.lifetime.signal))
    if (fromServer.customApiUrl) transport.setApiUrl(fromServer.customApiUrl)
    runtime.base = relayAppRpcs(fromServer, transport.apiUrl)
    config.set({ source: 'server', config: validateConfig(mergeConfig(runtime.base, runtime.overrides)), error: null })
  } catch (error) {
    config.set({ ...config.get(), error: toTesseraError(error) })
  }
}

/** `setConfig`: validated before it replaces anything, so a bad config throws and the current one stays. */
export function replaceOverrides(runtime: ClientRuntime, next: ClientOptions['config']): void {
  const merged = validateConfig(mergeConfig(runtime.base, next))
  runtime.overrides = next
  runtime.config.set({ ...runtime.config.get(), config: merged })
}
