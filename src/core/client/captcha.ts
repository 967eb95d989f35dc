import { createCaptcha } from '../captcha/flow.js'
import { captchaStateFor } from '../captcha/site-key.js'
import { createStore } from '../utils/store.js'
import type { ClientRuntime } from './runtime.js'

/** The CAPTCHA's state and flow, back at rest whenever the config changes. */
export function clientCaptcha({ transport, config, options }: Pick<ClientRuntime, 'transport' | 'config' | 'options'>): ClientRuntime['captcha'] {
  const state = createStore(captchaStateFor(config.get().config))
  const flow = createCaptcha({ state, transport, getConfig: () => config.get().config, turnstileScriptUrl: options.turnstileScriptUrl })
  return { state, flow, stopSyncing: config.watch(() => flow.syncConfig()) }
}
