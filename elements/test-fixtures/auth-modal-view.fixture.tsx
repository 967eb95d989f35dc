/**
 * Browser-test fixture (built by web-test-runner.config.mjs, never shipped): the modal view and the
 * code boxes over an in-memory client double, for screens a server-less test cannot reach.
 */
import { createElement } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { TesseraError, type EffectiveConfig, type EmailFlowState, type Listener, type TesseraClient, type User } from '../../src/core/index.js'
import { defaultConfig } from '../../src/core/config/defaults.js'
import { AuthModalView } from '../../src/ui/index.js'
// Test-only deep import: the primitive is not part of the UI's public surface.
import { CodeBoxesInput } from '../../src/ui/primitives/code-boxes-input.js'

export interface Script {
  sendCode(email: string): Promise<void>
  loginWithCode(code: string): Promise<{ user: User; isNewUser: boolean }>
  config?: Partial<EffectiveConfig>
  /** When the code counts as sent (default now): lets a test reach the end of the 30 s countdown. */
  sentAt?(): number
}

const baseConfig: EffectiveConfig = {
  ...defaultConfig('tessera-test-app-00000003'),
  appName: 'Fixture App',
  loginMethods: ['email'],
}

function observable<T>(initial: T) {
  let value = initial
  const listeners = new Set<Listener<T>>()
  return {
    get: () => value,
    set(next: T) {
      const previous = value
      value = next
      for (const listener of listeners) listener(value, previous)
    },
    watch(listener: Listener<T>) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
  }
}

/** A client double with the real state shapes; the script decides what each action does. */
export function createScriptedClient(script: Script): TesseraClient {
  const config = observable({ source: 'defaults' as const, config: { ...baseConfig, ...script.config }, error: null })
  const flow = observable<EmailFlowState>({ status: 'initial', email: null, error: null, codeSentAt: null })
  const loginHandlers = new Set<(payload: { user: User; isNewUser: boolean; loginMethod: 'email' }) => void>()
  const fail = (error: unknown) => {
    flow.set({ ...flow.get(), status: 'error', error: TesseraError.is(error) ? error : null })
    throw error
  }
  const client = {
    appId: baseConfig.appId,
    apiUrl: 'http://127.0.0.1:9',
    ready: Promise.resolve(),
    getConfig: config.get,
    watchConfig: config.watch,
    getEmailFlow: flow.get,
    watchEmailFlow: flow.watch,
    email: {
      async sendCode(email: string) {
        flow.set({ ...flow.get(), status: 'sending-code', email, error: null })
        await script.sendCode(email).catch(fail)
        flow.set({ ...flow.get(), status: 'awaiting-code-input', codeSentAt: script.sentAt?.() ?? Date.now() })
      },
      async loginWithCode(code: string) {
        flow.set({ ...flow.get(), status: 'submitting-code', error: null })
        const result = await script.loginWithCode(code).catch(fail)
        flow.set({ ...flow.get(), status: 'done' })
        for (const handler of loginHandlers) handler({ ...result, loginMethod: 'email' })
        return result.user
      },
      reset: () => flow.set({ status: 'initial', email: null, error: null, codeSentAt: null }),
    },
    on(event: string, handler: (payload: { user: User; isNewUser: boolean; loginMethod: 'email' }) => void) {
      if (event !== 'login') return () => {}
      loginHandlers.add(handler)
      return () => void loginHandlers.delete(handler)
    },
  }
  return client as unknown as TesseraClient
}

/** Renders the modal view into a fresh shadow root (unstyled: behaviour only). */
export function mountView(host: HTMLElement, props: Omit<Parameters<typeof AuthModalView>[0], 'open' | 'standalone'>): { root: Root; shadow: ShadowRoot } {
  const shadow = host.attachShadow({ mode: 'open' })
  const root = createRoot(shadow)
  root.render(createElement(AuthModalView, { ...props, open: true, standalone: false }))
  return { root, shadow }
}

export function mountCodeBoxes(host: HTMLElement, props: Parameters<typeof CodeBoxesInput>[0]): Root {
  const root = createRoot(host)
  root.render(createElement(CodeBoxesInput, props))
  return root
}

export { TesseraError }
