/**
 * `tessera()`: a wagmi connector (wagmi 2, `createConnector` of @wagmi/core) for the signed-in user's Tessera
 * wallets. It connects by signing in through `<auth-modal>`, speaks for the selected wallet (selected-wallet.ts)
 * through its EIP-1193 provider, so every signature passes Tessera's confirmation, and follows sign-out, wallet
 * changes and chain switches with wagmi's events. After a reload it reconnects while the Tessera session lasts.
 */
import { createConnector, type CreateConnectorFn } from '@wagmi/core'
import { getAddress, numberToHex, SwitchChainError, type Address } from 'viem'
import { getOrCreateClient, type ClientOptions, type TesseraClient } from '../src/core/index.js'
import { providerOf, selectedWallet, watchSelection, type WalletChoice, type WalletProvider } from './selected-wallet.js'
import { openAuthModal, signedInWithWallet, type OpenSignIn } from './sign-in.js'

export interface TesseraConnectorParameters extends Pick<ClientOptions, 'appId' | 'apiUrl'> {
  /** The client to use (default: the page's shared one for `appId`, the one `<auth-modal>` uses). */
  client?: TesseraClient
  /** Shows the sign-in when connecting signed out (default: the page's `<auth-modal>` opens). */
  openSignIn?: OpenSignIn
  /** The name wallet lists show (default 'Tessera'). */
  name?: string
  icon?: string
}

type Bound = WalletChoice & { provider: WalletProvider }
type StorageItem = { 'tessera.disconnected': true }

const disconnectedKey = 'tessera.disconnected'

tessera.type = 'tessera' as const

/** What the connector's steps share: wagmi's config, the Tessera client, and the wallet it speaks for. */
interface ConnectorState {
  config: Parameters<CreateConnectorFn<WalletProvider, Record<string, unknown>, StorageItem>>[0]
  client(): TesseraClient
  current: Bound | null
  following: (() => void) | undefined
  binding: { address: string; wallet: Promise<Bound | null> } | null
  onChainChanged(chainId: string | number): void
}

/** Points the connector at the selected wallet, moving the chain listener to its provider (one rebinding at a time). */
function bind(state: ConnectorState): Promise<Bound | null> {
  const choice = selectedWallet(state.client())
  if (choice?.address === state.current?.address) return Promise.resolve(state.current)
  if (choice && state.binding?.address === choice.address) return state.binding.wallet
  const wallet = (async () => {
    const provider = choice && (await providerOf(state.client(), choice))
    state.current?.provider.removeListener?.('chainChanged', state.onChainChanged)
    state.current = choice && provider && { ...choice, provider }
    state.current?.provider.on?.('chainChanged', state.onChainChanged)
    return state.current
  })().finally(() => (state.binding = null))
  state.binding = choice && { address: choice.address, wallet }
  return wallet
}

/** While connected: a new selection is an account change; no wallet left (signed out) is a disconnect. */
function follow(state: ConnectorState, connector: { onDisconnect(): void; onAccountsChanged(accounts: string[]): void }) {
  state.following?.()
  state.following = watchSelection(state.client(), () => {
    const choice = selectedWallet(state.client())
    if (!choice) return void (state.current && connector.onDisconnect())
    if (choice.address !== state.current?.address) void bind(state).then((wallet) => wallet && connector.onAccountsChanged([wallet.address]))
  })
}

function release(state: ConnectorState) {
  state.following?.()
  state.following = undefined
  state.current?.provider.removeListener?.('chainChanged', state.onChainChanged)
  state.current = null
}

async function readChainId(provider: WalletProvider): Promise<number> {
  return Number(await provider.request({ method: 'eth_chainId' }))
}

/** Signed out: the chain a new embedded wallet starts on (RainbowKit asks before it connects). */
async function chainIdOf(state: ConnectorState): Promise<number> {
  await state.client().ready
  const wallet = await bind(state)
  if (wallet) return readChainId(wallet.provider)
  const { defaultChain, supportedChains } = state.client().getConfig().config
  return defaultChain ?? supportedChains?.[0]?.id ?? 1
}

async function switchChain(state: ConnectorState, chainId: number) {
  const chain = state.config.chains.find((candidate) => candidate.id === chainId)
  const wallet = await bind(state)
  if (!chain || !wallet) throw new SwitchChainError(new Error(`Chain ${chainId} is not configured.`))
  try {
    await wallet.provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: numberToHex(chainId) }] })
  } catch (error) {
    throw new SwitchChainError(error as Error)
  }
  state.config.emitter.emit('change', { chainId })
  return chain
}

export function tessera(parameters: TesseraConnectorParameters) {
  const openSignIn = parameters.openSignIn ?? openAuthModal
  let client: TesseraClient | undefined
  const tesseraClient = () =>
    (client ??= parameters.client ?? getOrCreateClient({ appId: parameters.appId, ...(parameters.apiUrl && { apiUrl: parameters.apiUrl }) }))

  return createConnector<WalletProvider, Record<string, unknown>, StorageItem>((config) => {
    const onChainChanged = (chainId: string | number) => config.emitter.emit('change', { chainId: Number(chainId) })
    const state: ConnectorState = { config, client: tesseraClient, current: null, following: undefined, binding: null, onChainChanged }
    const connector = {
      id: 'tessera',
      name: parameters.name ?? 'Tessera',
      type: tessera.type,
      ...(parameters.icon && { icon: parameters.icon }),

      async connect({ chainId, isReconnecting }: { chainId?: number; isReconnecting?: boolean } = {}) {
        if (!isReconnecting) await signedInWithWallet(tesseraClient(), openSignIn)
        const wallet = await bind(state)
        if (!wallet) throw new Error('The user has no Ethereum wallet.')
        let currentChainId = await readChainId(wallet.provider)
        if (chainId && chainId !== currentChainId) currentChainId = (await connector.switchChain({ chainId })).id
        await config.storage?.removeItem(disconnectedKey)
        follow(state, connector)
        return { accounts: [getAddress(wallet.address)] as readonly Address[], chainId: currentChainId } as never
      },

      /** Ends wagmi's connection only: the Tessera session stays (the app's logout ends it, and disconnects wagmi too). */
      async disconnect() {
        release(state)
        await config.storage?.setItem(disconnectedKey, true)
      },

      async getAccounts() {
        const wallet = await bind(state)
        return wallet ? [getAddress(wallet.address)] : []
      },

      getChainId: () => chainIdOf(state),

      async getProvider() {
        await tesseraClient().ready
        const wallet = await bind(state)
        if (!wallet) throw new Error('Sign in with Tessera first.')
        return wallet.provider
      },

      /** A reload reconnects while the Tessera session and an Ethereum wallet last, unless the app disconnected wagmi. */
      async isAuthorized() {
        if (await config.storage?.getItem(disconnectedKey)) return false
        await tesseraClient().ready
        return selectedWallet(tesseraClient()) !== null
      },

      switchChain: ({ chainId }: { chainId: number }) => switchChain(state, chainId),

      onAccountsChanged(accounts: string[]) {
        if (accounts.length === 0) connector.onDisconnect()
        else config.emitter.emit('change', { accounts: accounts.map((account) => getAddress(account)) })
      },

      onChainChanged,

      /** Signed out (or no wallet left): wagmi disconnects; the next sign-in may reconnect. */
      onDisconnect() {
        release(state)
        config.emitter.emit('disconnect')
      },
    }
    return connector
  })
}
