/**
 * `client.funding` (funding spec, "Screens and routes" to "Validation rules"): `fundWallet` resolves the request against the app's funding config, checks the
 * wallet is the signed-in user's, and opens a session in the state. Unless the caller shows it inline, the session is
 * announced as `walletPrompt` 'funding:flow'; with no UI to hear it, it closes at once and the call fails with
 * 'Unable to initialize flow' (funding has no headless form, unlike a confirmation). A logout, or another user
 * signing in, ends every session as exited.
 */
import { mustBeAuthenticatedError } from '../errors/client-errors.js'
import { initializeFlowError, invalidFundingDataError } from '../errors/funding-errors.js'
import { TesseraError } from '../errors/base-error.js'
import type { Unsubscribe } from '../listener.js'
import type { User, WalletAccount } from '../user/types.js'
import type { Store } from '../utils/store.js'
import { knownWallets } from '../wallets/known-wallets.js'
import { resolveFunding, type ResolvedFunding } from './resolve-funding.js'
import type { FundingDeps } from './session-context.js'
import { startFundingSession, type StartedSession } from './session.js'
import type { FundingApi, FundingOutcome, FundingSessionOptions, FundingState, FundWalletInput } from './types.js'

export interface FundingImpl extends Pick<FundingApi, 'fundWallet'> {
  destroy(): void
}

export interface FundingClientDeps extends FundingDeps {
  state: Store<FundingState>
  getUser(): User | null
  /** Hears a logout, or another user signing in. */
  watchUserChange(listener: () => void): Unsubscribe
  /** Emits `walletPrompt` 'funding:flow'; false when no UI heard it. */
  announce(): boolean
}

/** The user's own wallet at the address (embedded or linked), on the request's chain type. */
function ownWallet(user: User, resolved: ResolvedFunding): WalletAccount | undefined {
  const wanted = resolved.place.chainType === 'ethereum' ? resolved.address.toLowerCase() : resolved.address
  return user.linkedAccounts.find(
    (account): account is WalletAccount =>
      account.type === 'wallet' &&
      account.chainType === resolved.place.chainType &&
      (resolved.place.chainType === 'ethereum' ? account.address.toLowerCase() : account.address) === wanted,
  )
}

/** 'Add funds to your {walletName} wallet': the app's name for an embedded wallet, else the wallet's own, without a trailing 'Wallet'. */
function walletNameOf(account: WalletAccount, appName: string): string {
  if (!account.walletClientType || account.walletClientType === 'privy') return appName
  const name = knownWallets.find((known) => known.id === account.walletClientType)?.name ?? account.walletClientType
  return name.replace(/\s+wallet$/i, '')
}

export function createFunding(deps: FundingClientDeps): FundingImpl {
  const sessions = new Map<string, StartedSession>()
  let sequence = 0
  const endAll = () => [...sessions.values()].forEach((session) => session.exit())
  const stopWatchingUser = deps.watchUserChange(endAll)

  async function fundWallet(input: FundWalletInput, options: FundingSessionOptions = {}): Promise<FundingOutcome> {
    const user = deps.getUser()
    if (!user) throw mustBeAuthenticatedError()
    if (typeof input !== 'object' || input === null) throw invalidFundingDataError()
    const config = deps.getConfig()
    const resolved = resolveFunding(input, config, options.forConfirmation !== undefined)
    const account = ownWallet(user, resolved)
    if (!account)
      throw new TesseraError({
        code: 'must_be_authenticated',
        shortMessage: 'User must be authenticated',
        details: `${resolved.address} is not a wallet of the signed-in user`,
      })
    const id = options.id ?? `funding-${++sequence}`
    if (sessions.has(id)) throw invalidFundingDataError(`A funding session ${id} is already open`)
    const identity = {
      id,
      inline: options.inline,
      forConfirmation: options.forConfirmation,
      walletName: walletNameOf(account, config.appName),
      appName: config.appName,
    }
    const session = startFundingSession(deps, resolved, identity, deps.state)
    if (!options.inline && !deps.announce()) {
      session.exit()
      throw initializeFlowError('No UI heard the funding:flow prompt: mount <auth-modal>, or show the session inline with <fund-wallet>.')
    }
    sessions.set(id, session)
    session.begin()
    try {
      return await session.outcome
    } finally {
      sessions.delete(id)
    }
  }

  return {
    fundWallet,
    destroy() {
      stopWatchingUser()
      endAll()
    },
  }
}
