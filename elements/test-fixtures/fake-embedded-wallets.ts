/**
 * Test-only `client.embeddedWallets` double (never shipped): the real state shape over a script, so the
 * wallet-creation screens can be driven in Chromium without the wallet frame.
 */
import { TesseraError } from '../../src/core/index.js'
import type { EmbeddedWallet, EmbeddedWalletsApi, EmbeddedWalletsState } from '../../src/core/wallets/embedded/types.js'
import type { EmbeddedChainType } from '../../src/protocol/index.js'
// The core's own observable value: the double's state behaves like the real client's.
import { createStore } from '../../src/core/utils/store.js'

export interface EmbeddedWalletScript {
  /** The chains a login creates wallets on, in order (as createOnLogin decides in the core); absent: none. */
  createOnLogin?: EmbeddedChainType[]
  /** Makes one wallet: resolves with its address or rejects; default an address at once. */
  create?(chainType: EmbeddedChainType): Promise<string>
}

export interface FakeEmbeddedWallets extends EmbeddedWalletsApi {
  /** Called by the double's sign-in before it announces the login, as the core starts creation on login. */
  createOnLogin(): void
  calls: { created: EmbeddedChainType[] }
}

const idle: EmbeddedWalletsState = { status: 'idle', wallets: [], creating: null, error: null }
const notHere = () => Promise.reject(new TesseraError({ code: 'embedded_wallet_request_error', shortMessage: 'Not available in the test double' }))

function embeddedWallet(chainType: EmbeddedChainType, address: string): EmbeddedWallet {
  return {
    address, chainType, walletIndex: 0, recoveryMethod: 'privy', imported: false, delegated: false, entropyId: address,
    entropyIdVerifier: chainType === 'ethereum' ? 'ethereum-address-verifier' : 'solana-address-verifier', walletClientType: 'privy', connectorType: 'embedded',
  }
}

export function createFakeEmbeddedWallets(script: EmbeddedWalletScript = {}): FakeEmbeddedWallets {
  const state = createStore<EmbeddedWalletsState>(idle)
  const calls: FakeEmbeddedWallets['calls'] = { created: [] }
  const make = async (chainType: EmbeddedChainType) => {
    calls.created.push(chainType)
    state.set({ ...state.get(), status: 'creating', creating: chainType, error: null })
    const address = await (script.create ?? (async () => (chainType === 'ethereum' ? `0x${'ab'.repeat(20)}` : 'So1anaFixtureAddress1111111111111111111111')))(chainType)
    const wallet = embeddedWallet(chainType, address)
    // As the core does: each finished creation leaves the state 'ready', also between two chains.
    state.set({ ...state.get(), status: 'ready', creating: null, wallets: [...state.get().wallets, wallet] })
    return wallet
  }
  return {
    calls,
    getState: state.get,
    watchState: state.watch,
    createOnLogin() {
      const chains = script.createOnLogin ?? []
      if (chains.length === 0) return
      state.set({ ...state.get(), status: 'creating', creating: chains[0]!, error: null })
      void (async () => {
        try {
          for (const chainType of chains) await make(chainType)
        } catch (error) {
          state.set({ ...state.get(), status: 'error', creating: null, error: TesseraError.is(error) ? error : null })
        }
      })()
    },
    async create(options = {}) {
      return make(options.chainType ?? 'ethereum')
    },
    connect: async () => {},
    recover: notHere,
    getChains: async () => [],
    getEthereumProvider: notHere,
    getSolanaProvider: notHere,
    signMessage: notHere,
    signTypedData: notHere,
    signTransaction: notHere,
    sendTransaction: notHere,
  }
}
