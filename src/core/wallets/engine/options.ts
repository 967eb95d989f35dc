/** What the app's client hands the external-wallet engine. */
import type { AuthenticatedUserDto } from '../../../protocol/index.js'
import type { Transport } from '../../api/transport.js'
import type { EffectiveConfig } from '../../config/types.js'
import type { Listener, Unsubscribe } from '../../listener.js'
import type { AccountChanges } from '../../session/types.js'
import type { TokenStorage } from '../../client-options.js'
import type { User } from '../../user/types.js'
import type { Store } from '../../utils/store.js'
import type { ConnectedWallet, WalletFlowState, WalletOption } from '../types.js'
import type { WalletConnectSession } from '../wallet-connect/session.js'

export interface WalletEngineOptions {
  appId: string
  storage: TokenStorage
  transport: Transport
  getConfig(): EffectiveConfig
  watchConfig(listener: Listener<unknown>): Unsubscribe
  getUser(): User | null
  isAuthenticated(): boolean
  authenticate(method: 'siwe' | 'siws', login: () => Promise<AuthenticatedUserDto>): Promise<User>
  accountChanges: AccountChanges
  options: Store<WalletOption[]>
  flow: Store<WalletFlowState>
  connected: Store<ConnectedWallet[]>
  /** The page (null outside a browser: nothing is discovered). */
  window: Window | null
  timeoutMs?: number
  pollIntervalMs?: number
  /** The WalletConnect relay session for a project id; tests pass a fake (the relay is out of reach here). */
  createWalletConnectSession?: (projectId: string) => WalletConnectSession
  now?: () => Date
}
