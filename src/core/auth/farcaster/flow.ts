/**
 * Sign-In with Farcaster (sign-in spec, "States and transitions"), loaded on first use: initial → starting → awaiting-signature →
 * authenticating → done | error. The server is the channel relay: `init` opens a channel, the Farcaster app (reached
 * through the connect URI) posts its signed message there, and this flow polls the status every 2 s for 120 s.
 */
import { FARCASTER_LOGIN_TIMEOUT_MS, FARCASTER_POLL_INTERVAL_MS, type AuthenticatedUserDto, type FarcasterStatusResponse } from '../../../protocol/index.js'
import { authenticateFarcaster, farcasterStatus, initFarcaster, linkFarcaster, unlinkFarcaster } from './api.js'
import type { FarcasterActions, FarcasterFlowState, FarcasterLoginOptions } from './types.js'
import type { Transport } from '../../api/transport.js'
import { TesseraError } from '../../errors/base-error.js'
import { alreadyLoggedInError, mustBeAuthenticatedError, requestAbortedError, toTesseraError } from '../../errors/client-errors.js'
import type { AccountChanges } from '../../session/types.js'
import type { User } from '../../user/types.js'
import type { Store } from '../../utils/store.js'
import { abortableSleep } from './abortable-sleep.js'
import { initialFarcasterFlowState } from './state.js'

export interface FarcasterFlowOptions {
  state: Store<FarcasterFlowState>
  transport: Transport
  isAuthenticated(): boolean
  /** The client's one sign-in path: stores the session and announces the login. */
  authenticate(login: () => Promise<AuthenticatedUserDto>): Promise<User>
  accountChanges: AccountChanges
  pollIntervalMs?: number
  timeoutMs?: number
  /** Where the page is (the SIWF domain's origin); default `location.origin`. */
  origin?: string
  /** Mobile browsers other than iOS open the connect URI in a new tab; default: decided from the user agent. */
  openConnectUri?: (uri: string) => void
}

/** Sign-in spec, "The error catalogue": "Farcaster": retryable. */
export const farcasterTimeoutError = () =>
  new TesseraError({ code: 'client_request_timeout', shortMessage: 'The request timed out. Try again.', retryable: true })

/** Sign-in spec, "States and transitions": on mobile, except iOS (where the screen offers its open-app button), the URI opens in a new tab. */
function openOnMobileNonIos(uri: string): void {
  const agent = globalThis.navigator?.userAgent ?? ''
  if (/Android|Mobi/i.test(agent) && !/iPhone|iPad|iPod/i.test(agent)) globalThis.open?.(uri, '_blank')
}

export function createFarcasterFlow(options: FarcasterFlowOptions): Omit<FarcasterActions, 'requestSigner' | 'initV2' | 'loginV2'> {
  const { state, transport } = options
  const pollIntervalMs = options.pollIntervalMs ?? FARCASTER_POLL_INTERVAL_MS
  const timeoutMs = options.timeoutMs ?? FARCASTER_LOGIN_TIMEOUT_MS
  const openConnectUri = options.openConnectUri ?? openOnMobileNonIos
  // reset() aborts the running flow: its polls stop and its late results no longer touch the state.
  let running: AbortController | null = null

  async function waitForSignature(channelToken: string, signal: AbortSignal): Promise<Extract<FarcasterStatusResponse, { state: 'completed' }>> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const status = await farcasterStatus(transport, channelToken, signal)
      if (status.state === 'completed') return status
      if (Date.now() + pollIntervalMs > deadline) throw farcasterTimeoutError()
      await abortableSleep(pollIntervalMs, signal)
    }
  }

  async function run(intent: 'login' | 'link', runOptions: FarcasterLoginOptions): Promise<User> {
    running?.abort()
    const controller = new AbortController()
    running = controller
    const update = (next: Partial<FarcasterFlowState>) => {
      if (!controller.signal.aborted) state.update((current) => ({ ...current, ...next }))
    }
    try {
      if (intent === 'login' && options.isAuthenticated()) throw alreadyLoggedInError()
      if (intent === 'link' && !options.isAuthenticated()) throw mustBeAuthenticatedError()
      state.set({ status: 'starting', intent, connectUri: null, error: null })
      const origin = options.origin ?? globalThis.location?.origin
      const channel = await initFarcaster(transport, {
        ...(origin && { relying_party: origin }),
        ...(runOptions.captchaToken && { token: runOptions.captchaToken }),
      })
      if (controller.signal.aborted) throw requestAbortedError()
      update({ status: 'awaiting-signature', connectUri: channel.connect_uri })
      openConnectUri(channel.connect_uri)
      const signed = await waitForSignature(channel.channel_token, controller.signal)
      update({ status: 'authenticating' })
      const body = { channel_token: channel.channel_token, message: signed.message, signature: signed.signature, fid: signed.fid }
      const user =
        intent === 'login'
          ? await options.authenticate(() => authenticateFarcaster(transport, { ...body, ...(runOptions.mode && { mode: runOptions.mode }) }))
          : await options.accountChanges.linked(await linkFarcaster(transport, body), 'farcaster', String(signed.fid))
      update({ status: 'done' })
      return user
    } catch (caught) {
      const error = toTesseraError(caught)
      update({ status: 'error', error })
      throw error
    } finally {
      if (running === controller) running = null
    }
  }

  return {
    login: (loginOptions = {}) => run('login', loginOptions),
    link: (linkOptions = {}) => run('link', linkOptions),
    async unlink(fid) {
      if (!options.isAuthenticated()) throw mustBeAuthenticatedError()
      return options.accountChanges.unlinked(await unlinkFarcaster(transport, { fid }), 'farcaster')
    },
    reset() {
      running?.abort()
      running = null
      state.set(initialFarcasterFlowState)
    },
  }
}
