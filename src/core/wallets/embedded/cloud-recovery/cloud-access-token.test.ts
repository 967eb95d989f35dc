/**
 * The Drive token's popup leg (wallet spec, "Screens and routes": "Recovery with a cloud provider", "Popup and window messages"): a 440×680
 * popup opened before any await, the host's PKCE pair and state code, the popup's return checked against them, the
 * one-time code traded for the token.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { recoveryRoutes } from '../../../../protocol/index.js'
import type { Transport } from '../../../api/transport.js'
import { FakeWindow, ORIGIN, type FakePopup } from '../../../auth/oauth/test-support/fake-window.js'
import { OAUTH_RESPONSE_MESSAGE, POPUP_CLOSED_POLL_MS } from '../../../auth/oauth/popup.js'
import { TesseraError } from '../../../errors/base-error.js'
import { cloudAccessToken } from './cloud-access-token.js'

const GOOGLE = 'https://accounts.google.example/o/oauth2/auth?state=server-state'

function fakeTransport() {
  const requests: { path: string; body: Record<string, string>; auth: boolean }[] = []
  const transport: Transport = {
    apiUrl: 'https://api.example',
    setApiUrl: () => {},
    async request<T>(route: { path: string }, options: { body?: unknown; auth?: boolean } = {}) {
      requests.push({ path: route.path, body: options.body as Record<string, string>, auth: options.auth === true })
      if (route.path === recoveryRoutes.oauthInit.path) return { url: GOOGLE } as T
      if (route.path === recoveryRoutes.oauthAuthenticate.path) return { access_token: 'drive-token' } as T
      throw new TesseraError({ code: 'not_supported', shortMessage: 'iCloud recovery is not available for this app' })
    },
  }
  return { transport, requests }
}

async function sha256Base64Url(text: string) {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)))
  return btoa(String.fromCharCode(...digest))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

function start() {
  const win = new FakeWindow(`${ORIGIN}/wallet?tab=2`)
  const { transport, requests } = fakeTransport()
  const events: string[] = []
  const token = cloudAccessToken({ transport, window: win, sendAnalyticsEvent: (name) => void events.push(name) }, 'google-drive')
  token.catch(() => undefined)
  return { win, requests, events, token }
}

/** The popup's page posting the return, as `postReturnToOpener` does. */
async function popupReturns(win: FakeWindow, message: Record<string, unknown>) {
  await vi.waitFor(() => expect(win.listenerCount).toBe(1))
  const popup = win.opened[0]!.popup
  win.dispatch({ origin: ORIGIN, source: popup, data: { type: OAUTH_RESPONSE_MESSAGE, provider: 'google-drive', ...message } })
  return popup
}

afterEach(() => {
  vi.useRealTimers()
})

describe('cloudAccessToken', () => {
  it('opens the 440×680 popup at once, sends it to Google, and trades the returned code with the verifier of the challenge', async () => {
    const { win, requests, token } = start()
    // Synchronously, before any await: inside the user's click.
    expect(win.opened).toHaveLength(1)
    expect(win.opened[0]!.features).toContain('width=440,height=680')
    await vi.waitFor(() => expect(win.opened[0]!.popup.location.href).toBe(GOOGLE))
    const init = requests[0]!
    expect(init).toMatchObject({ path: recoveryRoutes.oauthInit.path, auth: true, body: { provider: 'google-drive', redirect_to: `${ORIGIN}/wallet` } })
    const popup = await popupReturns(win, { stateCode: init.body.state_code, authorizationCode: 'one-time-code' })
    expect(await token).toBe('drive-token')
    const authenticate = requests[1]!
    expect(authenticate).toMatchObject({
      path: recoveryRoutes.oauthAuthenticate.path,
      auth: true,
      body: { provider: 'google-drive', authorization_code: 'one-time-code', state_code: init.body.state_code },
    })
    expect(await sha256Base64Url(authenticate.body.code_verifier!)).toBe(init.body.code_challenge)
    expect((popup as FakePopup).closed).toBe(true)
  })

  it('refuses a return with another state code as a phishing attempt, and reports it', async () => {
    const { win, requests, events, token } = start()
    await vi.waitFor(() => expect(requests).toHaveLength(1))
    await popupReturns(win, { stateCode: 'someone-elses-state', authorizationCode: 'code' })
    await expect(token).rejects.toMatchObject({ code: 'oauth_state_mismatch', shortMessage: 'Unexpected auth flow. This may be a phishing attempt.' })
    expect(events).toEqual(['possible_phishing_attempt'])
    expect(requests).toHaveLength(1)
  })

  it('a login provider’s return is not Drive’s', async () => {
    const { win, requests, token } = start()
    await vi.waitFor(() => expect(requests).toHaveLength(1))
    await popupReturns(win, { stateCode: requests[0]!.body.state_code, authorizationCode: 'code', provider: 'google' })
    await expect(token).rejects.toMatchObject({ code: 'oauth_state_mismatch' })
  })

  it('the server’s failed provider leg is “Recovery OAuth failed”; a denial is the user’s', async () => {
    const failed = start()
    await vi.waitFor(() => expect(failed.requests).toHaveLength(1))
    await popupReturns(failed.win, { stateCode: failed.requests[0]!.body.state_code, authorizationCode: '', error: 'invalid_credentials' })
    await expect(failed.token).rejects.toMatchObject({ shortMessage: 'Recovery OAuth failed' })

    const denied = start()
    await vi.waitFor(() => expect(denied.requests).toHaveLength(1))
    await popupReturns(denied.win, { stateCode: denied.requests[0]!.body.state_code, authorizationCode: 'undefined' })
    await expect(denied.token).rejects.toMatchObject({ code: 'oauth_user_denied' })
  })

  it(
    'a closed popup ends the wait; a blocked one fails at once; iCloud answers what the server says',
    async () => {
      const { win, requests, token } = start()
      await vi.waitFor(() => expect(requests).toHaveLength(1))
      win.opened[0]!.popup.close()
      await expect(token).rejects.toMatchObject({ code: 'exited_update_flow' })
      expect(win.listenerCount).toBe(0)

      const blocked = new FakeWindow()
      blocked.blockPopups = true
      const { transport } = fakeTransport()
      await expect(cloudAccessToken({ transport, window: blocked, sendAnalyticsEvent: () => {} }, 'google-drive')).rejects.toMatchObject({
        code: 'unknown_auth_error',
      })
      await expect(cloudAccessToken({ transport, window: new FakeWindow(), sendAnalyticsEvent: () => {} }, 'icloud')).rejects.toMatchObject({
        code: 'not_supported',
      })
    },
    POPUP_CLOSED_POLL_MS * 6,
  )
})
