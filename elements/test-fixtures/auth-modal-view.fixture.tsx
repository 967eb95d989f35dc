/**
 * Browser-test fixture (built by web-test-runner.config.mjs, never shipped): the modal view and the
 * code boxes over an in-memory client double, for screens a server-less test cannot reach.
 */
import { createElement } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { TesseraError, type EffectiveConfig, type TesseraClient, type User } from '../../src/core/index.js'
import type { OAuthProvider } from '../../src/protocol/index.js'
import { defaultConfig } from '../../src/core/config/defaults.js'
import { AuthModalView } from '../../src/ui/index.js'
// Test-only deep import: the primitive is not part of the UI's public surface.
import { CodeBoxesInput } from '../../src/ui/primitives/code-boxes-input.js'
// The core's own observable value: the doubles' state behaves like the real client's.
import { createStore } from '../../src/core/utils/store.js'
import { createFakePasskey } from './fake-passkey.js'
import { createFakeWallets } from './fake-wallets.js'
import { createFakeEmbeddedWallets } from './fake-embedded-wallets.js'

type OtpFlowState = ReturnType<TesseraClient['auth']['email']['getState']>
type OAuthFlowState = ReturnType<TesseraClient['auth']['oauth']['getState']>
type FarcasterFlowState = ReturnType<TesseraClient['auth']['farcaster']['getState']>
type SendCodeOptions = NonNullable<Parameters<TesseraClient['auth']['email']['sendCode']>[1]>
type Channel = 'email' | 'sms'

export interface Script {
  /** Called for email and SMS sends; `options.channel` says which. */
  sendCode(identifier: string, options: SendCodeOptions & { channel: Channel }): Promise<void>
  /** Called for email and SMS codes; its result completes the flow's intent (login, link or update). */
  loginWithCode(code: string, channel: Channel): Promise<{ user: User; isNewUser: boolean }>
  /** OAuth popup: resolves with the signed-in (or linked) user, or rejects. Default: never settles. */
  oauthStart?(provider: OAuthProvider, options: { popup?: boolean; intent?: 'login' | 'link' }): Promise<User>
  config?: Partial<EffectiveConfig>
  /** Farcaster: settles once the (fake) Farcaster app signed; the flow shows FIXTURE_FARCASTER_URI meanwhile. Default: never settles. */
  farcaster?(intent: 'login' | 'link'): Promise<User>
  /** The signed-in user (link and update intents read the current address from it). */
  user?: User | null
  recentLoginMethod?: ReturnType<TesseraClient['getRecentLoginMethod']>
  /** When the code counts as sent (default now): lets a test reach the end of the 30 s countdown. */
  sentAt?(): number
}

const baseConfig: EffectiveConfig = {
  ...defaultConfig('tessera-test-app-00000003'),
  appName: 'Fixture App',
  loginMethods: ['email'],
}

const initialOtp: OtpFlowState = { status: 'initial', intent: 'login', identifier: null, previousIdentifier: null, error: null, codeSentAt: null }
const initialOAuth: OAuthFlowState = { status: 'initial', provider: null, intent: 'login', error: null, headless: false }
const initialFarcaster: FarcasterFlowState = { status: 'initial', intent: 'login', connectUri: null, error: null }
export const FIXTURE_FARCASTER_URI = 'https://farcaster.xyz/~/sign-in-with-farcaster?channelToken=fixture-channel'

/** A client double with the real state shapes; the script decides what each action does. */
export function createScriptedClient(script: Script): TesseraClient {
  const config = createStore({ source: 'defaults' as const, config: { ...baseConfig, ...script.config }, error: null })
  const handlers = new Map<string, Set<(payload: unknown) => void>>()
  const emit = (event: string, payload: unknown) => {
    for (const handler of handlers.get(event) ?? []) handler(payload)
  }

  const otpFlow = (channel: Channel) => {
    const flow = createStore<OtpFlowState>(initialOtp)
    const fail = (error: unknown) => {
      flow.set({ ...flow.get(), status: 'error', error: TesseraError.is(error) ? error : null })
      throw error
    }
    const submitCode = async (code: string) => {
      flow.set({ ...flow.get(), status: 'submitting-code', error: null })
      const result = await script.loginWithCode(code, channel).catch(fail)
      const { intent } = flow.get()
      flow.set({ ...flow.get(), status: 'done' })
      if (intent === 'link') emit('link', { user: result.user, linkMethod: channel, linkedAccount: null })
      else if (intent === 'update') emit('update', { user: result.user, updateMethod: channel })
      else emit('login', { ...result, loginMethod: channel })
      return result.user
    }
    return {
      flow,
      actions: {
        async sendCode(identifier: string, options: SendCodeOptions = {}) {
          const { intent = 'login', previousIdentifier = null } = options
          flow.set({ ...flow.get(), status: 'sending-code', intent, identifier, previousIdentifier, error: null })
          await script.sendCode(identifier, { ...options, channel }).catch(fail)
          flow.set({ ...flow.get(), status: 'awaiting-code-input', codeSentAt: script.sentAt?.() ?? Date.now() })
        },
        submitCode,
        loginWithCode: submitCode,
        reset: () => flow.set(initialOtp),
        unlink: async () => script.user as User,
      },
    }
  }
  const email = otpFlow('email')
  const sms = otpFlow('sms')

  const oauthFlow = createStore<OAuthFlowState>(initialOAuth)
  const oauth = {
    async start(provider: OAuthProvider, options: { popup?: boolean; intent?: 'login' | 'link' } = {}) {
      const intent = options.intent ?? 'login'
      oauthFlow.set({ status: 'awaiting-popup', provider, intent, error: null, headless: false })
      try {
        const user = await (script.oauthStart?.(provider, options) ?? new Promise<User>(() => {}))
        oauthFlow.set({ ...oauthFlow.get(), status: 'done' })
        if (intent === 'link') emit('link', { user, linkMethod: provider, linkedAccount: null })
        else emit('login', { user, isNewUser: false, loginMethod: provider })
        return user
      } catch (error) {
        oauthFlow.set({ ...oauthFlow.get(), status: 'error', error: TesseraError.is(error) ? error : null })
        throw error
      }
    },
    reset: () => oauthFlow.set(initialOAuth),
  }

  const farcasterFlow = createStore<FarcasterFlowState>(initialFarcaster)
  const farcasterRun = async (intent: 'login' | 'link') => {
    farcasterFlow.set({ status: 'awaiting-signature', intent, connectUri: FIXTURE_FARCASTER_URI, error: null })
    try {
      const user = await (script.farcaster?.(intent) ?? new Promise<User>(() => {}))
      farcasterFlow.set({ ...farcasterFlow.get(), status: 'done' })
      if (intent === 'link') emit('link', { user, linkMethod: 'farcaster', linkedAccount: null })
      else emit('login', { user, isNewUser: false, loginMethod: 'farcaster' })
      return user
    } catch (error) {
      farcasterFlow.set({ ...farcasterFlow.get(), status: 'error', error: TesseraError.is(error) ? error : null })
      throw error
    }
  }
  const farcaster = {
    login: () => farcasterRun('login'),
    link: () => farcasterRun('link'),
    unlink: async () => script.user as User,
    reset: () => farcasterFlow.set(initialFarcaster),
  }

  const auth = { status: script.user ? 'authenticated' : 'unauthenticated', user: script.user ?? null }
  // Passkey ceremonies wait forever here (the landing tests only draw the row); passkey-screens tests script them.
  const passkey = createFakePasskey(
    { run: () => new Promise<User>(() => {}) },
    {
      defaultUser: () => auth.user!,
      signIn: (user) => emit('login', { user, isNewUser: false, loginMethod: 'passkey' }),
      linked: (user) => emit('link', { user, linkMethod: 'passkey', linkedAccount: null }),
      unlinked: () => auth.user!,
    },
  )
  const captchaState = { status: 'disabled', provider: null, token: null, error: null }
  const client = {
    appId: baseConfig.appId,
    apiUrl: 'http://127.0.0.1:9',
    ready: Promise.resolve(),
    getConfig: config.get,
    setConfig: (next: Parameters<TesseraClient['setConfig']>[0]) =>
      config.set({ ...config.get(), config: { ...config.get().config, ...next } as EffectiveConfig }),
    watchConfig: config.watch,
    getAuth: () => auth,
    getCaptcha: () => captchaState,
    watchCaptcha: () => () => {},
    getRecentLoginMethod: () => script.recentLoginMethod ?? null,
    auth: {
      email: { getState: email.flow.get, watchState: email.flow.watch, ...email.actions },
      sms: { getState: sms.flow.get, watchState: sms.flow.watch, ...sms.actions },
      oauth: { getState: oauthFlow.get, watchState: oauthFlow.watch, ...oauth },
      farcaster: { getState: farcasterFlow.get, watchState: farcasterFlow.watch, ...farcaster },
      passkey: passkey.passkey,
      // Idle Telegram and cross-app flows: these tests only draw their rows (their own tests use the access-screens fixture).
      telegram: {
        getState: () => ({ status: 'initial', intent: 'login', error: null }),
        watchState: () => () => {},
        login: () => new Promise<User>(() => {}),
        link: () => new Promise<User>(() => {}),
        unlink: async () => script.user as User,
        reset() {},
      },
      crossApp: {
        getState: () => ({ status: 'initial', intent: 'login', providerAppId: null, error: null }),
        watchState: () => () => {},
        login: () => new Promise<User>(() => {}),
        link: () => new Promise<User>(() => {}),
        unlink: async () => script.user as User,
        getConnections: async () => [],
        reset() {},
      },
    },
    wallets: createFakeWallets({}, emit),
    // No wallet is created on login here (the access-screens fixture scripts creation).
    embeddedWallets: createFakeEmbeddedWallets(),
    captcha: { reset() {}, consumeToken: () => null, execute: async () => '' },
    accountTransferFrom: () => null,
    on(event: string, handler: (payload: unknown) => void) {
      if (!handlers.has(event)) handlers.set(event, new Set())
      handlers.get(event)!.add(handler)
      return () => void handlers.get(event)!.delete(handler)
    },
  }
  return client as unknown as TesseraClient
}

type ViewProps = Parameters<typeof AuthModalView>[0]

/** Renders the modal view into a fresh shadow root (unstyled: behaviour only); `update` re-renders with new props. */
export function mountView(host: HTMLElement, { open = true, ...props }: Omit<ViewProps, 'open' | 'standalone'> & { open?: boolean }) {
  const shadow = host.attachShadow({ mode: 'open' })
  const root = createRoot(shadow)
  const render = (next: Partial<ViewProps>) => root.render(createElement(AuthModalView, { ...props, open, standalone: false, ...next }))
  render({})
  return { root, shadow, update: render }
}

export function mountCodeBoxes(host: HTMLElement, props: Parameters<typeof CodeBoxesInput>[0]): Root {
  const root = createRoot(host)
  root.render(createElement(CodeBoxesInput, props))
  return root
}

export { TesseraError }
export { qrModules } from './qr-modules.js'

/** The real `<auth-modal>` element (over the real client), for tests of its methods without a built bundle. */
export { defineAuthModal } from '../auth-modal/define.js'
