/**
 * External wallets past the client's tiny facade (create-wallets.ts), loaded on first use: discovery, the option
 * list, connection (wallet spec, "States and transitions": "External wallet connection"), remembered connections, wallet events, and SIWE or
 * SIWS over a connected account (sign-in spec, "States and transitions": "SIWE and SIWS", "Wallet login flow"). This file only wires: the
 * state is engine/state.ts, each action is a `(deps, params)` function in engine/.
 */
import { WALLET_REQUEST_TIMEOUT_MS } from './constants.js'
import { connectAndSignIn } from './engine/connect-and-sign-in.js'
import { connect } from './engine/connect.js'
import type { WalletEngineDeps } from './engine/deps.js'
import { destroy } from './engine/destroy.js'
import { disconnect } from './engine/disconnect.js'
import { findSession } from './engine/find-session.js'
import { generateSiweMessage } from './engine/generate-siwe-message.js'
import { generateSiwsMessage } from './engine/generate-siws-message.js'
import { loadRemembered } from './engine/load-remembered.js'
import { onChainId } from './engine/on-chain-id.js'
import type { WalletEngineOptions } from './engine/options.js'
import { reset } from './engine/reset.js'
import { signIn } from './engine/sign-in.js'
import { startDiscovery } from './engine/start-discovery.js'
import { createWalletEngineState } from './engine/state.js'
import { submitSiwe } from './engine/submit-siwe.js'
import { submitSiws } from './engine/submit-siws.js'
import { unlink } from './engine/unlink.js'
import { updateFlow } from './engine/update-flow.js'
import { engineWalletConnect } from './engine/wallet-connect.js'
import { rememberedWallets } from './remembered-connections.js'
import type { ConnectedWalletData, ConnectWalletOptions, WalletChain, WalletSignInOptions, WalletsApi } from './types.js'

export type WalletEngine = ReturnType<typeof createWalletEngine>

export function createWalletEngine(options: WalletEngineOptions) {
  const timeoutMs = options.timeoutMs ?? WALLET_REQUEST_TIMEOUT_MS
  const state = createWalletEngineState()
  const deps: WalletEngineDeps = {
    options,
    state,
    remembered: rememberedWallets(options.storage, options.appId),
    // The pairing URI belongs to the attempt under way: reset() cancels it first.
    walletConnect: engineWalletConnect(options, timeoutMs, (uri) => updateFlow(deps, state.generation, { walletConnectUri: uri })),
    walletContext: {
      timeoutMs,
      getConfig: options.getConfig,
      findSession: (walletClientType, address) => findSession(state, walletClientType, address),
      onChainId: (session, chainId) => onChainId(deps, session, chainId),
      disconnect: (address) => disconnect(deps, address),
    },
    timeoutMs,
    now: options.now ?? (() => new Date()),
  }
  startDiscovery(deps)
  state.loaded = loadRemembered(deps)

  return {
    loaded: state.loaded,
    getLastUsed: () => state.lastUsed,
    connect: (walletId: string, connectOptions?: ConnectWalletOptions) => connect(deps, walletId, connectOptions),
    signIn: (wallet: ConnectedWalletData, signInOptions?: WalletSignInOptions) => signIn(deps, wallet, signInOptions),
    generateSiweMessage: (input: Parameters<WalletsApi['generateSiweMessage']>[0]) => generateSiweMessage(deps, input),
    submitSiwe: (input: Parameters<WalletsApi['submitSiwe']>[0]) => submitSiwe(deps, input),
    generateSiwsMessage: (input: Parameters<WalletsApi['generateSiwsMessage']>[0]) => generateSiwsMessage(deps, input),
    submitSiws: (input: Parameters<WalletsApi['submitSiws']>[0]) => submitSiws(deps, input),
    connectAndSignIn: (walletId: string, connectOptions?: Parameters<typeof connectAndSignIn>[2]) => connectAndSignIn(deps, walletId, connectOptions),
    unlink: (address: string, chain: WalletChain) => unlink(deps, address, chain),
    disconnect: (address: string) => disconnect(deps, address),
    reset: () => reset(deps),
    destroy: () => destroy(deps),
  }
}
