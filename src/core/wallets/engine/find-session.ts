import type { WalletSession } from '../wallet-session.js'
import { sameAddress } from './same-address.js'
import type { WalletEngineState } from './state.js'

export function findSession(state: WalletEngineState, walletClientType: string, address: string): WalletSession | null {
  return state.sessions.find((session) => session.wallet.walletClientType === walletClientType && sameAddress(session.wallet.address, address)) ?? null
}
