/**
 * The Telegram flow (sign-in spec, "States and transitions": "Telegram"): initial → awaiting-telegram (the widget's popup) → verifying (the
 * server checks Telegram's signature) → done | error. Inside a Telegram Mini App with seamless sign-in on, the page's
 * signed `initData` replaces the widget. A widget redirect comes back with the fields in the address (handleReturn).
 */
import type { AuthenticatedUserDto, TelegramProofBody, TelegramSignedData } from '../../../protocol/index.js'
import type { Transport } from '../../api/transport.js'
import type { TelegramConfig } from './config.js'
import { TesseraError } from '../../errors/base-error.js'
import { alreadyLoggedInError, exitedFlowError, mustBeAuthenticatedError } from '../../errors/client-errors.js'
import type { AccountChanges } from '../../session/types.js'
import type { TelegramFlow, TelegramFlowState, TelegramFlowStatus, TelegramLoginOptions } from './types.js'
import type { User } from '../../user/types.js'
import type { Store } from '../../utils/store.js'
import type { OAuthWindow, PopupWindow } from '../oauth/browser-window.js'
import * as api from './api.js'
import { initialTelegramFlowState, telegramReturnParams, webAppInitData } from './telegram.js'
import { popupResult, widgetUrl } from './widget.js'

type Intent = TelegramFlowState['intent']

export interface TelegramFlowOptions {
  appId: string
  state: Store<TelegramFlowState>
  transport: Transport
  getTelegramConfig(): TelegramConfig | null
  isAuthenticated(): boolean
  /** The client's one sign-in path: stores the session and announces the login. */
  authenticate(login: () => Promise<AuthenticatedUserDto>): Promise<User>
  accountChanges: AccountChanges
  window(): OAuthWindow | null
  /** The widget host (default https://oauth.telegram.org). */
  widgetHost: string
}

/** The intent of a redirect in progress, kept across the round trip to Telegram. */
interface PendingRedirect {
  intent: Intent
  disableSignup: boolean
}

const notConfiguredError = () => new TesseraError({ code: 'feature_not_enabled', shortMessage: 'Telegram is not configured for this app' })
const linkDisabledError = () => new TesseraError({ code: 'disallowed_login_method', shortMessage: 'Linking Telegram is not enabled for this app' })

/** `initData` is a query string; the server checks the hash over its fields exactly as received. */
const initDataFields = (initData: string): TelegramSignedData => Object.fromEntries(new URLSearchParams(initData))

/** What the flow's steps share: its options and the mutable parts a reset changes. */
interface TelegramRuntime {
  options: TelegramFlowOptions
  pendingKey: string
  /** Bumped by reset(): a popup or request that settles after the modal closed must not revive the old state. */
  generation: number
  cancelPopup: AbortController
}

type Progress = (status: TelegramFlowStatus) => void

/** Runs one attempt's steps, its progress in the state, unless a reset came in between. */
async function runFlow(
  runtime: TelegramRuntime,
  intent: Intent,
  steps: (progress: Progress) => Promise<User>,
  popup: PopupWindow | null = null,
): Promise<User> {
  const { options } = runtime
  const started = runtime.generation
  const progress: Progress = (status) => {
    if (started !== runtime.generation) throw exitedFlowError(intent)
    options.state.set({ status, intent, error: null })
  }
  try {
    if (intent === 'link' && !options.isAuthenticated()) throw mustBeAuthenticatedError()
    if (intent === 'login' && options.isAuthenticated()) throw alreadyLoggedInError()
    const user = await steps(progress)
    if (started === runtime.generation) options.state.set({ status: 'done', intent, error: null })
    return user
  } catch (caught) {
    if (popup && !popup.closed) popup.close()
    if (started !== runtime.generation) throw exitedFlowError(intent)
    const error =
      caught instanceof TesseraError
        ? caught
        : new TesseraError({ code: 'unknown_auth_error', shortMessage: 'Something went wrong. Try again.', cause: caught })
    options.state.set({ status: 'error', intent, error })
    throw error
  }
}

/** The signed proof: Mini App data when allowed, else the widget's result (popup, or a redirect that never returns here). */
async function proof(
  runtime: TelegramRuntime,
  intent: Intent,
  popup: PopupWindow | null,
  disableSignup: boolean,
  progress: Progress,
): Promise<TelegramProofBody> {
  const { options } = runtime
  const bot = options.getTelegramConfig()
  if (!bot) throw notConfiguredError()
  const win = options.window()
  const initData = bot.seamlessAuthEnabled ? webAppInitData(win) : null
  if (initData) return { telegram_web_app_data: initDataFields(initData) }
  if (!win) throw notConfiguredError()
  progress('awaiting-telegram')
  const request = { host: options.widgetHost, botId: bot.botId, origin: win.location.origin }
  if (!popup) {
    // No popup (blocked or not wanted): the page goes to Telegram and handleReturn() finishes on the way back.
    const pending: PendingRedirect = { intent, disableSignup }
    win.sessionStorage.setItem(runtime.pendingKey, JSON.stringify(pending))
    win.location.assign(widgetUrl({ ...request, returnTo: win.location.origin + addressWithoutReturn(win.location) }))
    return new Promise<never>(() => undefined)
  }
  popup.location.href = widgetUrl(request)
  runtime.cancelPopup = new AbortController()
  const result = await popupResult(win, popup, options.widgetHost, runtime.cancelPopup.signal)
  if (!result) throw exitedFlowError(intent)
  return { telegram_auth_result: result }
}

const signIn = ({ options }: TelegramRuntime, body: TelegramProofBody, loginOptions: TelegramLoginOptions) =>
  options.authenticate(() =>
    api.authenticate(options.transport, {
      ...body,
      ...(loginOptions.captchaToken ? { captcha_token: loginOptions.captchaToken } : {}),
      ...(loginOptions.disableSignup ? { mode: 'no-signup' as const } : {}),
    }),
  )

async function linkWith({ options }: TelegramRuntime, body: TelegramProofBody): Promise<User> {
  const dto = await api.link(options.transport, body)
  const id = 'telegram_auth_result' in body ? String(body.telegram_auth_result.id) : telegramUserIdOf(body.telegram_web_app_data)
  return options.accountChanges.linked(dto, 'telegram', id)
}

/** Finishes a widget redirect: the result's fields leave the address first, then sign in or link as the pending intent says. */
async function handleReturn(runtime: TelegramRuntime): Promise<User | null> {
  const win = runtime.options.window()
  if (!win) return null
  const params = new URLSearchParams(win.location.search)
  const result: TelegramSignedData = {}
  for (const [key, value] of params) if ((telegramReturnParams as readonly string[]).includes(key)) result[key] = value
  // Removed first, so a reload or a failure never replays the result.
  win.history.replaceState(win.history.state, '', addressWithoutReturn(win.location))
  let pending: PendingRedirect | null = null
  try {
    pending = JSON.parse(win.sessionStorage.getItem(runtime.pendingKey) ?? 'null') as PendingRedirect | null
    win.sessionStorage.removeItem(runtime.pendingKey)
  } catch {
    // Storage blocked or a foreign value: the return signs in.
  }
  const body = { telegram_auth_result: result }
  if (pending?.intent === 'link') return runFlow(runtime, 'link', async (progress) => (progress('verifying'), linkWith(runtime, body)))
  return runFlow(runtime, 'login', async (progress) => (progress('verifying'), signIn(runtime, body, { disableSignup: pending?.disableSignup ?? false })))
}

export function createTelegramFlow(options: TelegramFlowOptions): TelegramFlow {
  const runtime: TelegramRuntime = { options, pendingKey: `tessera:telegram:${options.appId}`, generation: 0, cancelPopup: new AbortController() }
  return {
    login: (loginOptions, popup) =>
      runFlow(
        runtime,
        'login',
        async (progress) => {
          const body = await proof(runtime, 'login', popup, loginOptions.disableSignup ?? false, progress)
          progress('verifying')
          return signIn(runtime, body, loginOptions)
        },
        popup,
      ),
    link: (_linkOptions, popup) =>
      runFlow(
        runtime,
        'link',
        async (progress) => {
          if (options.getTelegramConfig()?.linkEnabled === false) throw linkDisabledError()
          const body = await proof(runtime, 'link', popup, false, progress)
          progress('verifying')
          return linkWith(runtime, body)
        },
        popup,
      ),
    async unlink(telegramUserId) {
      if (!options.isAuthenticated()) throw mustBeAuthenticatedError()
      return options.accountChanges.unlinked(await api.unlink(options.transport, telegramUserId), 'telegram')
    },
    handleReturn: () => handleReturn(runtime),
    reset() {
      runtime.generation++
      runtime.cancelPopup.abort()
      options.state.set(initialTelegramFlowState)
    },
  }
}

/** The address without Telegram's return fields; every other parameter keeps its exact spelling, and the hash stays. */
function addressWithoutReturn(location: { pathname: string; search: string; hash: string }): string {
  const kept = location.search
    .replace(/^\?/, '')
    .split('&')
    .filter((pair) => pair !== '' && !(telegramReturnParams as readonly string[]).includes(paramName(pair)))
  return location.pathname + (kept.length ? `?${kept.join('&')}` : '') + location.hash
}

function paramName(pair: string): string {
  const name = pair.split('=', 1)[0]!.replace(/\+/g, ' ')
  try {
    return decodeURIComponent(name)
  } catch {
    return name
  }
}

/** Mini App data carries the user as JSON in its `user` field. */
function telegramUserIdOf(data: TelegramSignedData): string {
  try {
    return String((JSON.parse(String(data.user)) as { id?: unknown }).id ?? '')
  } catch {
    return ''
  }
}
