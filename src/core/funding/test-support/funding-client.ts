/**
 * Real clients over the fake API and the stand-in wallet frame, for funding tests that run end to end in the core:
 * the signed-in user gets an embedded Ethereum and Solana wallet at login, external wallets are found in an
 * in-process page, and the test answers the funding routes (`routes`) as the server and the providers would.
 */
import type { AppConfigDto } from '../../../protocol/index.js'
import { createClient } from '../../client.js'
import { createMemoryStorage } from '../../session/storage.js'
import { startFakeApi, type FakeApi, type FakeResponse, type RecordedRequest } from '../../test-support/api-server.js'
import { apiRoutes } from '../../test-support/fake-routes.js'
import { appConfigDto, authResponse, TEST_APP_ID, TEST_OTP, userDto } from '../../test-support/fixtures.js'
import type { TesseraClient } from '../../types.js'
import { createFakeFrame, type FakeFrame } from '../../wallets/embedded/test-support/fake-frame.js'
import type { FramePage } from '../../wallets/embedded/frame-client.js'
import type { FakePage } from '../../wallets/test-support/fake-page.js'
import type { FundingTiming, PopupHost } from '../session-context.js'
import type { FundingState } from '../types.js'

type Route = (request: RecordedRequest) => FakeResponse | Promise<FakeResponse>

export interface FundingClientTestbed {
  api: FakeApi
  frame: FakeFrame
  /** Funding routes by `METHOD /path?query` (exact), or by `METHOD /path` for any query. */
  routes: Map<string, Route>
  /** `ui`: a UI hears the prompts (default true). */
  newClient(options?: { page?: FakePage; popups?: PopupHost; timing?: Partial<FundingTiming>; ui?: boolean }): { client: TesseraClient; prompts: string[] }
  /** Signs in; resolves with the embedded wallets' addresses. */
  login(client: TesseraClient): Promise<{ ethereum: string; solana: string }>
  /** Analytics events the client sent, by name. */
  analytics(eventName: string): Record<string, unknown>[]
  close(): Promise<void>
}

export async function startFundingTestbed(config: Partial<AppConfigDto>): Promise<FundingClientTestbed> {
  const base = appConfigDto()
  const dto = appConfigDto({
    ...config,
    embedded_wallet_config: { ...base.embedded_wallet_config, ethereum: { create_on_login: 'all-users' }, solana: { create_on_login: 'all-users' } },
  })
  const frame = createFakeFrame({ baseUser: () => userDto() })
  const routes = new Map<string, Route>()
  const fallback = apiRoutes({
    [`GET /api/v1/apps/${TEST_APP_ID}`]: () => ({ body: dto }),
    'POST /api/v1/sessions': async () => ({ body: await authResponse({ user: frame.user() }) }),
    'GET /api/v1/users/me': () => ({ body: { user: frame.user(), identity_token: null } }),
  })
  const api = await startFakeApi((request) =>
    (routes.get(`${request.method} ${request.path}`) ?? routes.get(`${request.method} ${request.path.split('?')[0]}`) ?? fallback)(request),
  )
  const clients: TesseraClient[] = []
  return {
    api,
    frame,
    routes,
    newClient(options = {}) {
      const client = createClient({
        appId: TEST_APP_ID,
        apiUrl: api.url,
        storage: createMemoryStorage(),
        locks: null,
        retryDelay: () => 1,
        embeddedWallets: { page: {} as FramePage, createFrameClient: () => frame },
        walletWindow: (options.page ?? null) as Window | null,
        funding: { window: options.popups ?? null, timing: options.timing },
      })
      clients.push(client)
      const prompts: string[] = []
      if (options.ui !== false) client.on('walletPrompt', ({ screen }) => void prompts.push(screen))
      return { client, prompts }
    },
    async login(client) {
      await client.ready
      await client.auth.email.sendCode('ada@example.com')
      await client.auth.email.loginWithCode(TEST_OTP)
      const state = await new Promise<ReturnType<TesseraClient['embeddedWallets']['getState']>>((resolve) => {
        const check = () => {
          const current = client.embeddedWallets.getState()
          if (current.status === 'ready' && current.wallets.length === 2) resolve(current)
        }
        client.embeddedWallets.watchState(check)
        check()
      })
      const address = (chainType: 'ethereum' | 'solana') => state.wallets.find((wallet) => wallet.chainType === chainType)!.address
      return { ethereum: address('ethereum'), solana: address('solana') }
    },
    analytics: (eventName) =>
      api.calls('/api/v1/analytics_events').flatMap((request) => {
        const body = request.body as { event_name: string; payload: Record<string, unknown> }
        return body.event_name === eventName ? [body.payload] : []
      }),
    async close() {
      for (const client of clients.splice(0)) client.destroy()
      await api.close()
    },
  }
}

/** Resolves with the funding state once `condition` holds. */
export function fundingStateWhere(client: TesseraClient, condition: (state: FundingState) => boolean): Promise<FundingState> {
  return new Promise((resolve) => {
    const check = () => {
      const state = client.funding.getState()
      if (!condition(state)) return false
      stop?.()
      resolve(state)
      return true
    }
    let stop: (() => void) | undefined
    if (!check()) stop = client.funding.watchState(() => void check())
  })
}
