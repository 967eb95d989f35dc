/**
 * Browser-test fixture (built for web-test-runner, never shipped): the modal view over a complete
 * client double, for the access screens (error routing, CAPTCHA, terms, account transfer) and the
 * React wrapper's hooks. The script decides what each server-backed action does.
 */
import { createElement, useEffect, useState } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import {
  TesseraError,
  type AuthState,
  type ConfigState,
  type EffectiveConfig,
  type FarcasterSignerApproved,
  type FarcasterSignerRequestOptions,
  type TesseraClient,
  type User,
} from '../../src/core/index.js'
import { initialLoginMfaState } from '../../src/core/auth/login-mfa/types.js'
import { defaultConfig } from '../../src/core/config/defaults.js'
// The core's own observable value: the doubles' state behaves like the real client's.
import { createStore } from '../../src/core/utils/store.js'
import { createFakePasskey, type PasskeyScript } from './fake-passkey.js'
import { createFakeWallets, type WalletScript } from './fake-wallets.js'
import { createFakeEmbeddedWallets, type EmbeddedWalletScript } from './fake-embedded-wallets.js'
import { createFakeMfa, type MfaScript } from './fake-mfa.js'
import { createFakeFunding, type FundingScript } from './fake-funding.js'
import { AuthModalView } from '../../src/ui/index.js'
import {
  TesseraProvider,
  useLinkAccount,
  useLinkWithPasskey,
  useLoginWithOAuth,
  useLoginWithPasskey,
  useLoginWithSms,
  useSignupWithPasskey,
  useUnlinkAccount,
  useUpdateAccount,
  useUpdateEmail,
} from '../../react-wrapper/index.js'

const notScripted = () => Promise.reject(new TesseraError({ code: 'not_supported', shortMessage: 'Sign-in MFA is not scripted here' }))
type Flow = ReturnType<TesseraClient['auth']['email']['getState']>
type OAuthFlow = ReturnType<TesseraClient['auth']['oauth']['getState']>
type Captcha = ReturnType<TesseraClient['getCaptcha']>
type Transfer = Parameters<TesseraClient['transferAccount']>[0]
type Events = Parameters<TesseraClient['on']>[0]
type SendOptions = NonNullable<Parameters<TesseraClient['auth']['email']['sendCode']>[1]>

export interface AccessScript {
  config?: Partial<EffectiveConfig>
  /** Signed in from the start (linking and updating need a user). */
  user?: User | null
  sendCode?(channel: 'email' | 'sms', identifier: string, options: SendOptions): Promise<void>
  /** Resolves with the user the code signs in, links or updates. */
  submitCode?(channel: 'email' | 'sms', code: string): Promise<User>
  /** Runs the invisible CAPTCHA: resolves with a token or rejects. */
  solveCaptcha?(): Promise<string>
  acceptTerms?(): Promise<User>
  transferAccount?(transfer: Transfer): Promise<User>
  startOAuth?(provider: string): Promise<User>
  /** External wallets: the options the picker lists and what a connection does. */
  wallets?: WalletScript
  passkey?: PasskeyScript
  /** What the provider app's popup ends in: the user it signs in or links, or a rejection. */
  crossApp?(providerAppId: string, intent: 'login' | 'link'): Promise<User>
  /** What `GET …/cross-app/details` answers per provider app (absent: the request failed). */
  crossAppDetails?: Record<string, { name: string; iconUrl: string | null }>
  /** Embedded wallets: the chains a login creates wallets on, and how each creation ends. */
  embeddedWallets?: EmbeddedWalletScript
  /** `client.auth.farcaster.requestSigner`: how the approval of a signer key goes; absent: approved at once. */
  requestFarcasterSigner?(publicKey: string | null | undefined, options: FarcasterSignerRequestOptions): Promise<FarcasterSignerApproved>
  /** Wallet-action MFA: the enrolled methods and what each answer and enrolment step does. */
  mfa?: MfaScript
  /** Funding: what new sessions start from and how `fundWallet` answers. */
  funding?: FundingScript
}

export interface Calls {
  sendCode: { channel: string; identifier: string; options: SendOptions }[]
  submitCode: string[]
  captchaExecute: number
  captchaReset: number
  acceptTerms: number
  logout: number
  transfers: Transfer[]
  unlinks: unknown[][]
  oauthStarts: { provider: string; options: unknown }[]
  passkeys: string[]
  crossAppStarts: { providerAppId: string; intent: string }[]
}

const appId = 'tessera-test-app-00000030'

export function fixtureUser(overrides: Partial<User> = {}): User {
  return {
    id: 'did:privy:fixture',
    createdAt: new Date(0),
    linkedAccounts: [],
    hasAcceptedTerms: false,
    isGuest: false,
    customMetadata: {},
    mfaMethods: [],
    delegatedWallets: [],
    ...overrides,
  }
}

const idleFlow: Flow = { status: 'initial', intent: 'login', identifier: null, previousIdentifier: null, error: null, codeSentAt: null }

/** A client double with the real state shapes and events; every call is recorded in `calls`. */
export function createAccessClient(script: AccessScript = {}): TesseraClient & { calls: Calls; emit(event: Events, payload: unknown): void } {
  const calls: Calls = {
    sendCode: [],
    submitCode: [],
    captchaExecute: 0,
    captchaReset: 0,
    acceptTerms: 0,
    logout: 0,
    transfers: [],
    unlinks: [],
    oauthStarts: [],
    passkeys: [],
    crossAppStarts: [],
  }
  const config = createStore<ConfigState>({
    source: 'server',
    config: { ...defaultConfig(appId), appName: 'Fixture App', loginMethods: ['email'], ...script.config },
    error: null,
  })
  const auth = createStore<AuthState>({ status: script.user ? 'authenticated' : 'unauthenticated', user: script.user ?? null })
  const flows = { email: createStore<Flow>(idleFlow), sms: createStore<Flow>(idleFlow) }
  const oauth = createStore<OAuthFlow>({ status: 'initial', provider: null, intent: 'login', error: null, headless: false })
  const captchaEnabled = config.get().config.captchaEnabled
  const readyCaptcha: Captcha = { status: captchaEnabled ? 'ready' : 'disabled', provider: captchaEnabled ? 'altcha' : null, token: null, error: null }
  const captcha = createStore<Captcha>(readyCaptcha)
  const handlers = new Map<string, Set<(payload: unknown) => void>>()
  const emit = (event: string, payload: unknown) => {
    for (const handler of handlers.get(event) ?? []) handler(payload)
  }
  const embeddedWallets = createFakeEmbeddedWallets(script.embeddedWallets)
  const signIn = (user: User, method: string, isNewUser = true) => {
    auth.set({ status: 'authenticated', user })
    embeddedWallets.createOnLogin()
    emit('login', { user, isNewUser, loginMethod: method })
  }

  const passkey = createFakePasskey(script.passkey ?? {}, {
    defaultUser: () => fixtureUser(),
    signIn: (user) => signIn(user, 'passkey'),
    linked(user) {
      auth.set({ status: 'authenticated', user })
      emit('link', { user, linkMethod: 'passkey', linkedAccount: null })
    },
    unlinked(credentialId) {
      calls.unlinks.push(['passkey', credentialId])
      return auth.get().user ?? fixtureUser()
    },
  })
  calls.passkeys = passkey.calls

  const crossAppFlow = createStore<ReturnType<TesseraClient['auth']['crossApp']['getState']>>({
    status: 'initial',
    intent: 'login',
    providerAppId: null,
    error: null,
  })
  async function startCrossApp(providerAppId: string, intent: 'login' | 'link'): Promise<User> {
    calls.crossAppStarts.push({ providerAppId, intent })
    crossAppFlow.set({ status: 'awaiting-popup', intent, providerAppId, error: null })
    try {
      const user = await (script.crossApp ?? (async () => fixtureUser()))(providerAppId, intent)
      crossAppFlow.set({ ...crossAppFlow.get(), status: 'done' })
      if (intent === 'link') {
        auth.set({ status: 'authenticated', user })
        emit('link', { user, linkMethod: `privy:${providerAppId}`, linkedAccount: null })
      } else signIn(user, `privy:${providerAppId}`)
      return user
    } catch (error) {
      crossAppFlow.set({ ...crossAppFlow.get(), status: 'error', error: TesseraError.is(error) ? error : null })
      throw error
    }
  }

  const otp = (channel: 'email' | 'sms') => {
    const flow = flows[channel]
    const fail = (error: unknown): never => {
      flow.set({ ...flow.get(), status: 'error', error: TesseraError.is(error) ? error : null })
      throw error
    }
    const submitCode = async (code: string) => {
      calls.submitCode.push(code)
      const { intent } = flow.get()
      flow.set({ ...flow.get(), status: 'submitting-code', error: null })
      const user = await (script.submitCode ?? (async () => fixtureUser()))(channel, code).catch(fail)
      flow.set({ ...flow.get(), status: 'done' })
      if (intent === 'login') signIn(user, channel)
      else {
        auth.set({ status: 'authenticated', user })
        if (intent === 'link') emit('link', { user, linkMethod: channel, linkedAccount: null })
        else emit('update', { user, updateMethod: channel })
      }
      return user
    }
    return {
      async sendCode(identifier: string, options: SendOptions = {}) {
        calls.sendCode.push({ channel, identifier, options })
        flow.set({
          ...flow.get(),
          status: 'sending-code',
          intent: options.intent ?? 'login',
          identifier,
          previousIdentifier: options.previousIdentifier ?? null,
          error: null,
        })
        await (script.sendCode ?? (async () => {}))(channel, identifier, options).catch(fail)
        flow.set({ ...flow.get(), status: 'awaiting-code-input', codeSentAt: Date.now() })
      },
      submitCode,
      loginWithCode: submitCode,
      reset: () => flow.set(idleFlow),
      async unlink(identifier: string) {
        calls.unlinks.push([channel, identifier])
        return auth.get().user ?? fixtureUser()
      },
    }
  }

  const client: TesseraClient & { calls: Calls; emit(event: Events, payload: unknown): void } = {
    calls,
    emit,
    appId,
    apiUrl: 'http://127.0.0.1:9',
    ready: Promise.resolve(),
    getConfig: config.get,
    setConfig: (next: Parameters<TesseraClient['setConfig']>[0]) =>
      config.set({ ...config.get(), config: { ...config.get().config, ...next } as EffectiveConfig }),
    watchConfig: config.watch,
    getAuth: auth.get,
    watchAuth: auth.watch,
    getCaptcha: captcha.get,
    watchCaptcha: captcha.watch,
    getRecentLoginMethod: () => null,
    auth: {
      email: { getState: flows.email.get, watchState: flows.email.watch, ...otp('email') },
      sms: { getState: flows.sms.get, watchState: flows.sms.watch, ...otp('sms') },
      passkey: passkey.passkey,
      farcaster: {
        getState: () => ({ status: 'initial', intent: 'login', connectUri: null, error: null }),
        watchState: () => () => {},
        login: async () => fixtureUser(),
        link: async () => fixtureUser(),
        unlink: async () => auth.get().user ?? fixtureUser(),
        reset() {},
        initV2: async () => ({ nonce: 'fixture-nonce', expiresAt: new Date(0).toISOString() }),
        loginV2: async () => fixtureUser(),
        // As the core does: no key given → the embedded wallet's.
        requestSigner: async (publicKey, options = {}) => {
          const key = publicKey === undefined ? await embeddedWallets.getFarcasterSignerPublicKey() : publicKey
          return script.requestFarcasterSigner ? script.requestFarcasterSigner(key, options) : { status: 'approved', publicKey: key ?? '', fid: 1 }
        },
      },
      telegram: {
        getState: () => ({ status: 'initial', intent: 'login', error: null }),
        watchState: () => () => {},
        login: async () => fixtureUser(),
        link: async () => fixtureUser(),
        unlink: async () => auth.get().user ?? fixtureUser(),
        reset() {},
      },
      crossApp: {
        getState: crossAppFlow.get,
        watchState: crossAppFlow.watch,
        login: (providerAppId) => startCrossApp(providerAppId, 'login'),
        link: (providerAppId) => startCrossApp(providerAppId, 'link'),
        unlink: async () => auth.get().user ?? fixtureUser(),
        getConnections: async () => [],
        readAuthorizationRequest: () => null,
        getRequester: async (request) => ({ appId: request.requesterAppId, name: 'Requester', iconUrl: null, readOnly: false }),
        approve: async () => {},
        deny: async () => {},
        signMessage: async () => ({ signature: '0x' }),
        signTypedData: async () => ({ signature: '0x' }),
        sendTransaction: async () => ({ transactionHash: '0x' }),
        signTransaction: async () => ({ signature: '0x' }),
        getAccessTokenForProvider: async () => null,
        getProviderDetails: async (appId) => {
          const details = script.crossAppDetails?.[appId]
          return details ? { appId, ...details } : null
        },
        readTransactRequest: async () => null,
        approveTransact: async () => {},
        denyTransact: async () => {},
        reset: () => crossAppFlow.set({ status: 'initial', intent: 'login', providerAppId: null, error: null }),
      },
      oauth: {
        getState: oauth.get,
        watchState: oauth.watch,
        async start(provider, options = {}) {
          calls.oauthStarts.push({ provider, options })
          oauth.set({ status: 'awaiting-popup', provider, intent: options.intent ?? 'login', error: null, headless: Boolean(options.headless) })
          try {
            const user = await (script.startOAuth ?? (async () => fixtureUser()))(provider)
            oauth.set({ ...oauth.get(), status: 'done' })
            signIn(user, provider)
            return user
          } catch (error) {
            oauth.set({ ...oauth.get(), status: 'error', error: TesseraError.is(error) ? error : null })
            throw error
          }
        },
        handleReturn: async () => null,
        async unlink(provider, subject) {
          calls.unlinks.push([provider, subject])
          return auth.get().user ?? fixtureUser()
        },
        reset: () => oauth.set({ status: 'initial', provider: null, intent: 'login', error: null, headless: false }),
      },
      guest: {
        login: async () => fixtureUser({ isGuest: true }),
        link: async () => Promise.reject(new TesseraError({ code: 'not_supported', shortMessage: 'Linking is not supported for the guest flow' })),
      },
      customAuth: {
        getState: () => ({ status: 'not-enabled', error: null }),
        watchState: () => () => {},
        configure() {},
        sync: async () => {},
        link: async () => fixtureUser(),
      },
    },
    // A wallet sign-in goes through the double's sign-in: the app's create-on-login runs after it too.
    wallets: createFakeWallets(script.wallets ?? {}, (event, payload) => {
      if (event !== 'login') return emit(event, payload)
      const { user, loginMethod, isNewUser } = payload as { user: User; loginMethod: string; isNewUser: boolean }
      signIn(user, loginMethod, isNewUser)
    }),
    embeddedWallets,
    funding: createFakeFunding(script.funding),
    mfa: createFakeMfa(script.mfa ?? {}, { user: () => auth.get().user ?? fixtureUser(), onUser: (user) => auth.set({ status: 'authenticated', user }) }),
    // Sign-in MFA is not scripted for the screens: idle, and every call refused.
    loginMfa: {
      getState: () => initialLoginMfaState,
      watch: () => () => {},
      cancel() {},
      verify: notScripted,
      initEnrollment: notScripted,
      enroll: notScripted,
      unenroll: notScripted,
    },
    captcha: {
      async execute() {
        calls.captchaExecute++
        captcha.set({ ...captcha.get(), status: 'loading', error: null })
        try {
          const token = await (script.solveCaptcha ?? (async () => 'captcha-token'))()
          captcha.set({ ...captcha.get(), status: 'success', token })
          return token
        } catch (error) {
          captcha.set({ ...captcha.get(), status: 'error', token: null, error: 'Captcha failed' })
          throw new TesseraError({ code: 'captcha_failure', shortMessage: 'Captcha failed', cause: error })
        }
      },
      consumeToken() {
        const { token } = captcha.get()
        if (token) captcha.set({ ...captcha.get(), status: 'ready', token: null })
        return token
      },
      reset() {
        calls.captchaReset++
        if (captcha.get().status !== 'disabled') captcha.set(readyCaptcha)
      },
    },
    accountTransferFrom(error, context) {
      if (!TesseraError.is(error) || error.code !== 'account_transfer_required' || typeof error.data?.nonce !== 'string') return null
      const data = error.data as { nonce: string; account?: { displayName?: string }; otherUser?: { embeddedWalletAddress?: string | null } }
      return {
        nonce: data.nonce,
        linkMethod: context.linkMethod,
        account: context.account,
        displayName: data.account?.displayName ?? context.account,
        embeddedWalletAddress: data.otherUser?.embeddedWalletAddress ?? null,
      }
    },
    async transferAccount(transfer) {
      calls.transfers.push(transfer)
      const user = await (script.transferAccount ?? (async () => fixtureUser()))(transfer)
      emit('link', { user, linkMethod: transfer.linkMethod, linkedAccount: null })
      return user
    },
    getAccessToken: async () => (auth.get().user ? 'access-token' : null),
    getIdentityToken: () => null,
    watchIdentityToken: () => () => {},
    refreshUser: async () => auth.get().user,
    async acceptTerms() {
      calls.acceptTerms++
      const user = await (script.acceptTerms ?? (async () => fixtureUser({ hasAcceptedTerms: true })))()
      auth.set({ status: 'authenticated', user })
      return user
    },
    async logout() {
      calls.logout++
      auth.set({ status: 'unauthenticated', user: null })
      emit('logout', { reason: 'user' })
    },
    // The screens never offer it: here it ends this session like a logout.
    logoutEverywhere() {
      return this.logout()
    },
    on(event, handler) {
      const set = handlers.get(event) ?? new Set()
      handlers.set(event, set)
      set.add(handler as (payload: unknown) => void)
      return () => void set.delete(handler as (payload: unknown) => void)
    },
    destroy() {},
  }
  return client
}

type ViewProps = Omit<Parameters<typeof AuthModalView>[0], 'open' | 'standalone'>

/** Opens the view and closes it when it asks to, as `<auth-modal>` does; a new `opening` opens it again. */
function ViewHost({ opening, ...props }: ViewProps & { opening: number }) {
  const [open, setOpen] = useState(true)
  // biome-ignore lint/correctness/useExhaustiveDependencies: each request (`opening`) opens the view again
  useEffect(() => setOpen(true), [opening])
  const onClose = () => {
    setOpen(false)
    props.onClose()
  }
  return createElement(AuthModalView, { ...props, open, standalone: false, onClose })
}

/**
 * Renders the modal view (open) into a fresh shadow root; `request` opens it for a link or update. `reopen(request)`
 * opens the closed view again for another request, as `start()` does.
 */
export function mountAccessView(host: HTMLElement, props: ViewProps): { root: Root; shadow: ShadowRoot; reopen(request: ViewProps['request']): void } {
  const shadow = host.attachShadow({ mode: 'open' })
  const root = createRoot(shadow)
  let opening = 0
  root.render(createElement(ViewHost, { ...props, opening }))
  return { root, shadow, reopen: (request) => root.render(createElement(ViewHost, { ...props, request, opening: ++opening })) }
}

/** What the hooks host exposes to the test: each hook's latest result and every callback it received. */
export interface HookProbe {
  results: Record<string, unknown>
  callbacks: { name: string; detail: unknown }[]
}

function HooksHost({ probe }: { probe: HookProbe }) {
  const record = (name: string) => (detail: unknown) => void probe.callbacks.push({ name, detail })
  const hooks = {
    sms: useLoginWithSms({ onComplete: record('sms.complete'), onError: record('sms.error') }),
    oauth: useLoginWithOAuth({ onComplete: record('oauth.complete'), onError: record('oauth.error') }),
    link: useLinkAccount({ onSuccess: record('link.success'), onError: record('link.error') }),
    update: useUpdateAccount({ onSuccess: record('update.success'), onError: record('update.error') }),
    updateEmail: useUpdateEmail({ onSuccess: record('updateEmail.success'), onError: record('updateEmail.error') }),
    unlink: useUnlinkAccount(),
    passkeyLogin: useLoginWithPasskey({ onComplete: record('passkeyLogin.complete'), onError: record('passkeyLogin.error') }),
    passkeySignup: useSignupWithPasskey({ onComplete: record('passkeySignup.complete'), onError: record('passkeySignup.error') }),
    passkeyLink: useLinkWithPasskey({ onComplete: record('passkeyLink.complete'), onError: record('passkeyLink.error') }),
  }
  Object.assign(probe.results, hooks)
  useEffect(() => {
    probe.results.mounted = true
  }, [probe])
  return null
}

/**
 * Renders TesseraProvider and a host using the hooks over `client`: the double is put in the page's
 * client registry first, so the provider and its `<auth-modal>` share it like a real client.
 */
export function mountHooksHost(host: HTMLElement, client: TesseraClient): { root: Root; probe: HookProbe } {
  const registry = ((globalThis as Record<symbol, Map<string, TesseraClient>>)[Symbol.for('tessera.client')] ??= new Map())
  registry.set(client.appId, client)
  const probe: HookProbe = { results: {}, callbacks: [] }
  const root = createRoot(host)
  root.render(createElement(TesseraProvider, { appId: client.appId, apiUrl: client.apiUrl }, createElement(HooksHost, { probe })))
  return { root, probe }
}

export { TesseraError }
export { walletOption } from './fake-wallets.js'
export { FAKE_TOTP } from './fake-mfa.js'
// The core's own wallet errors, so the wallet screens are tested against exactly what the core raises.
export { toWalletError, walletConnectionError, walletRejectedError, walletTimedOutError } from '../../src/core/wallets/errors.js'
