import { initialWalletFlowState } from '../flow-state.js'
import { unsupportedWalletError } from '../errors.js'
import type { ConnectedWallet, ConnectWalletOptions } from '../types.js'
import { WALLET_CONNECT_ID } from '../wallet-connect/wallet-connect-connector.js'
import { addSession } from './add-session.js'
import { connectFound } from './connect-found.js'
import type { WalletEngineDeps } from './deps.js'
import { fail } from './fail.js'
import { updateFlow } from './update-flow.js'

async function runConnect(deps: WalletEngineDeps, walletId: string, connectOptions: ConnectWalletOptions): Promise<ConnectedWallet> {
  const { options, state } = deps
  const started = state.generation
  const found = (walletId === WALLET_CONNECT_ID ? deps.walletConnect.find(connectOptions.chainId) : state.discovery?.find(walletId)) ?? null
  const current = options.flow.get()
  // Failed attempts count per wallet: another wallet starts over.
  const retries = current.wallet?.id === walletId ? current.retries : 0
  options.flow.set({
    ...initialWalletFlowState,
    status: 'connecting',
    connection: 'connecting',
    intent: connectOptions.intent ?? 'login',
    wallet: found?.option ?? options.options.get().find((option) => option.id === walletId) ?? null,
    retries,
  })
  try {
    if (!found) throw unsupportedWalletError(walletId)
    const session = await connectFound(deps, started, found, connectOptions)
    addSession(deps, session)
    state.lastUsed = walletId
    void deps.remembered.saveLastUsed(walletId)
    updateFlow(deps, started, { status: 'connected', connection: 'connected', address: session.wallet.address, pendingRequest: false })
    return session.wallet
  } catch (error) {
    return fail(deps, started, error)
  }
}

/** Connects once the remembered values are read; duplicate attempts while connecting join the first. */
export function connect(deps: WalletEngineDeps, walletId: string, connectOptions: ConnectWalletOptions = {}): Promise<ConnectedWallet> {
  const { state } = deps
  state.inFlight ??= state.loaded
    .then(() => runConnect(deps, walletId, connectOptions))
    .finally(() => {
      state.inFlight = null
    })
  return state.inFlight
}
