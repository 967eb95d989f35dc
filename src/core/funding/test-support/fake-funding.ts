/**
 * `client.funding` over stand-ins, for the unit tests of its rules: a signed-in user owning two wallets, scripted
 * server calls (recorded), a page whose popups the test closes or blocks, and chain RPCs answered from a table.
 */
import type { EffectiveConfig } from '../../config/types.js'
import { createStore } from '../../utils/store.js'
import { userFromDto } from '../../user/from-dto.js'
import { userDto } from '../../test-support/fixtures.js'
import type { WalletsApi } from '../../wallets/types.js'
import { createFunding } from '../funding.js'
import type { FundingCalls, FundingTiming, PopupHost } from '../session-context.js'
import type { FundingSession, FundingState } from '../types.js'
import { fundingAppConfig } from './funding-config.js'

export const FUNDED_EVM_ADDRESS = '0x1111111111111111111111111111111111111111'
export const FUNDED_SOLANA_ADDRESS = 'So11111111111111111111111111111111111111112'

export interface FakePopup {
  closed: boolean
  close(): void
  location: { href: string }
}

export function fakePopupHost() {
  const popups: FakePopup[] = []
  let blocked = false
  const host: PopupHost & { popups: FakePopup[]; block(): void; opened: string[] } = {
    screenX: 0,
    screenY: 0,
    outerWidth: 1280,
    outerHeight: 800,
    popups,
    opened: [],
    block: () => void (blocked = true),
    open(url, target, features) {
      host.opened.push(`${url} ${target} ${features}`)
      if (blocked) return null
      const popup: FakePopup = { closed: false, close: () => void (popup.closed = true), location: { href: url } }
      popups.push(popup)
      return popup
    },
  }
  return host
}

const walletAccount = (address: string, chainType: 'ethereum' | 'solana') => ({
  type: 'wallet' as const,
  address,
  chain_type: chainType,
  wallet_client_type: 'privy',
  connector_type: 'embedded',
  verified_at: 1_700_000_000,
  first_verified_at: 1_700_000_000,
  latest_verified_at: 1_700_000_000,
})

/** JSON-RPC answers by method; `eth_getBalance` and `getBalance` read `balances` (smallest units) at call time. */
export function fakeRpc(balances: Map<string, bigint>) {
  const calls: string[] = []
  const fetch = (async (_url: string, init: { body: string }) => {
    const { id, method, params } = JSON.parse(init.body) as { id: number; method: string; params: [string] }
    calls.push(method)
    const result =
      method === 'eth_getBalance'
        ? `0x${(balances.get(params[0]) ?? 0n).toString(16)}`
        : method === 'getBalance'
          ? { context: { slot: 1 }, value: Number(balances.get(params[0]) ?? 0n) }
          : null
    return new Response(
      JSON.stringify(result === null ? { jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } } : { jsonrpc: '2.0', id, result }),
    )
  }) as unknown as typeof globalThis.fetch
  return { fetch, calls }
}

const noWallets: Pick<WalletsApi, 'getConnected' | 'watchConnected' | 'getOptions' | 'watchOptions' | 'connect'> = {
  getConnected: () => [],
  watchConnected: () => () => {},
  getOptions: () => [],
  watchOptions: () => () => {},
  connect: () => Promise.reject(new Error('no wallets here')),
}

/** USD prices the fake API knows (others fail, logged and swallowed). */
export const prices: Record<string, number> = { ETH: 2000, USDC: 1, SOL: 150, AVAX: 20 }

export interface FundingUnderTestOptions {
  config?: EffectiveConfig
  api?: Partial<FundingCalls>
  /** False: no UI hears the 'funding:flow' prompt. */
  heard?: boolean
  fetch?: typeof fetch
  wallets?: typeof noWallets
  timing?: Partial<FundingTiming>
}

export function fundingUnderTest(options: FundingUnderTestOptions = {}) {
  const state = createStore<FundingState>({ sessions: [] })
  const host = fakePopupHost()
  const balances = new Map<string, bigint>()
  const rpc = fakeRpc(balances)
  const analytics: { eventName: string; payload: Record<string, unknown> }[] = []
  let prompts = 0
  let user: ReturnType<typeof userFromDto> | null = userFromDto(
    userDto({ linked_accounts: [...userDto().linked_accounts, walletAccount(FUNDED_EVM_ADDRESS, 'ethereum'), walletAccount(FUNDED_SOLANA_ADDRESS, 'solana')] }),
  )
  const userListeners = new Set<() => void>()
  const api: FundingCalls = {
    initCoinbaseOnRamp: () => Promise.reject(new Error('initCoinbaseOnRamp not scripted')),
    getCoinbaseOnRampStatus: () => Promise.resolve({ status: 'pending' }),
    signMoonpayOnRampUrl: () => Promise.reject(new Error('signMoonpayOnRampUrl not scripted')),
    getBridgeQuote: () => Promise.reject(new Error('getBridgeQuote not scripted')),
    getBridgeStatus: () => Promise.reject(new Error('getBridgeStatus not scripted')),
    tokenPriceUsd: (chainId, symbol) =>
      symbol in prices ? Promise.resolve(prices[symbol]!) : Promise.reject(new Error(`no price for ${symbol} on ${chainId}`)),
    ...options.api,
  }
  const funding = createFunding({
    state,
    getConfig: () => options.config ?? fundingAppConfig(),
    getUser: () => user,
    watchUserChange: (listener) => (userListeners.add(listener), () => void userListeners.delete(listener)),
    announce: () => (prompts++, options.heard ?? true),
    api,
    analytics: (eventName, payload) => void analytics.push({ eventName, payload }),
    wallets: options.wallets ?? noWallets,
    window: host,
    fetch: options.fetch ?? rpc.fetch,
    timing: options.timing,
  })
  return {
    funding,
    state,
    host,
    balances,
    rpc,
    analytics,
    prompts: () => prompts,
    session: (index = 0): FundingSession => state.get().sessions[index]!,
    logout() {
      user = null
      userListeners.forEach((listener) => listener())
    },
  }
}
