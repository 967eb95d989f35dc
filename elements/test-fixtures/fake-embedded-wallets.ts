/**
 * Test-only `client.embeddedWallets` double (never shipped): the real state shape over a script, so the
 * wallet-creation screens can be driven in Chromium without the wallet frame.
 */
import { TesseraError } from '../../src/core/index.js'
import type { EmbeddedWallet, EmbeddedWalletsApi, EmbeddedWalletsState, SetRecoveryInput } from '../../src/core/wallets/embedded/types.js'
import type { User } from '../../src/core/index.js'
import type { EmbeddedChainType } from '../../src/protocol/index.js'
// The core's own observable value: the double's state behaves like the real client's.
import { createStore } from '../../src/core/utils/store.js'

export interface EmbeddedWalletScript {
  /** The chains a login creates wallets on, in order (as createOnLogin decides in the core); absent: none. */
  createOnLogin?: EmbeddedChainType[]
  /** The app requires a password on create: the login's creation waits for `createLoginWallets`. */
  passwordOnCreate?: boolean
  /** Makes one wallet: resolves with its address or rejects; default an address at once. */
  create?(chainType: EmbeddedChainType): Promise<string>
  /** The user's wallets at the start (Ethereum and Solana primaries), with their recovery method. */
  wallets?: { chainType: EmbeddedChainType; recoveryMethod: EmbeddedWallet['recoveryMethod'] }[]
  /** Answers `setRecovery` (default: success) and `recover` (default: only `password` opens the wallets). */
  setRecovery?(input: SetRecoveryInput): Promise<void>
  password?: string
  /** Answers a cloud provider's `recover` (default: success). */
  cloudRecovery?(): Promise<void>
  /** Answers `importWallet` with the imported address (or rejects); absent: not available. */
  importWallet?(input: { privateKey: string; chainType: EmbeddedChainType }): Promise<string>
  /** The export frame's URL for `keyExportFrame`; absent: not available. */
  exportFrameUrl?: string
  /** The Farcaster signer key's public key `getFarcasterSignerPublicKey` answers; absent: 'Connect failed' (no HD wallet). */
  farcasterSignerPublicKey?: `0x${string}`
  /** Answers `delegateWallet` (default: success, the wallet shows `delegated`). */
  delegate?(address: string): Promise<void>
}

export interface FakeEmbeddedWallets extends EmbeddedWalletsApi {
  /** Called by the double's sign-in before it announces the login, as the core starts creation on login. */
  createOnLogin(): void
  calls: {
    created: EmbeddedChainType[]
    createPasswords: string[]
    setRecovery: { input: SetRecoveryInput; options: { address?: string } | undefined }[]
    recovered: string[]
    exported: string[]
    exportsFinished: number
  }
}

const idle: EmbeddedWalletsState = { status: 'idle', wallets: [], creating: null, error: null }
const notHere = () => Promise.reject(new TesseraError({ code: 'embedded_wallet_request_error', shortMessage: 'Not available in the test double' }))

const fixtureAddress = (chainType: EmbeddedChainType) => (chainType === 'ethereum' ? `0x${'ab'.repeat(20)}` : 'So1anaFixtureAddress1111111111111111111111')

function embeddedWallet(chainType: EmbeddedChainType, address: string, recoveryMethod: EmbeddedWallet['recoveryMethod'] = 'privy'): EmbeddedWallet {
  return {
    address,
    chainType,
    walletIndex: 0,
    recoveryMethod,
    imported: false,
    delegated: false,
    entropyId: address,
    entropyIdVerifier: chainType === 'ethereum' ? 'ethereum-address-verifier' : 'solana-address-verifier',
    walletClientType: 'privy',
    connectorType: 'embedded',
  }
}

export function createFakeEmbeddedWallets(script: EmbeddedWalletScript = {}): FakeEmbeddedWallets {
  const state = createStore<EmbeddedWalletsState>({
    ...idle,
    wallets: (script.wallets ?? []).map(({ chainType, recoveryMethod }) => embeddedWallet(chainType, fixtureAddress(chainType), recoveryMethod)),
  })
  const calls: FakeEmbeddedWallets['calls'] = { created: [], createPasswords: [], setRecovery: [], recovered: [], exported: [], exportsFinished: 0 }
  const make = async (chainType: EmbeddedChainType, recoveryMethod: EmbeddedWallet['recoveryMethod'] = 'privy') => {
    calls.created.push(chainType)
    state.set({ ...state.get(), status: 'creating', creating: chainType, error: null })
    const address = await (script.create ?? (async () => fixtureAddress(chainType)))(chainType)
    const wallet = embeddedWallet(chainType, address, recoveryMethod)
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
      // As the core does: a creation waiting for the password (`createLoginWallets`) has no chain yet.
      state.set({ ...state.get(), status: 'creating', creating: script.passwordOnCreate ? null : chains[0]!, error: null })
      if (script.passwordOnCreate) return
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
    async createLoginWallets(input) {
      // A Drive backup is recorded by its method's name.
      calls.createPasswords.push('recoveryPassword' in input ? input.recoveryPassword : input.recoveryMethod)
      const wallets: EmbeddedWallet[] = []
      try {
        for (const chainType of script.createOnLogin ?? [])
          wallets.push(await make(chainType, 'recoveryPassword' in input ? 'user-passcode' : input.recoveryMethod))
      } catch (error) {
        state.set({ ...state.get(), status: 'error', creating: null, error: TesseraError.is(error) ? error : null })
        throw error
      }
      return wallets
    },
    connect: async () => {},
    async recover(input) {
      if (!('password' in input)) {
        calls.recovered.push(input.method)
        await script.cloudRecovery?.()
        return state.set({ ...state.get(), status: 'ready', error: null })
      }
      const { password } = input
      calls.recovered.push(password)
      if (password !== script.password) throw new TesseraError({ code: 'invalid_recovery_pin', shortMessage: 'Invalid recovery password, please try again.' })
      state.set({ ...state.get(), status: 'ready', error: null })
    },
    async importWallet({ privateKey, chainType = 'ethereum' }) {
      if (!script.importWallet) return notHere()
      const wallet = { ...embeddedWallet(chainType, await script.importWallet({ privateKey, chainType })), imported: true }
      state.set({ ...state.get(), wallets: [...state.get().wallets, wallet] })
      return wallet
    },
    async keyExportFrame({ address }) {
      const wallet = state.get().wallets.find((candidate) => candidate.address === address)
      if (!script.exportFrameUrl || !wallet) return notHere()
      calls.exported.push(address)
      return { url: script.exportFrameUrl, wallet, serve: () => () => undefined, finish: () => void calls.exportsFinished++ }
    },
    async setRecovery(input, options) {
      calls.setRecovery.push({ input, options })
      await script.setRecovery?.(input)
      state.set({ ...state.get(), wallets: state.get().wallets.map((wallet) => ({ ...wallet, recoveryMethod: input.method })) })
      // The refreshed user: the double's wallets stand for its linked accounts.
      return { id: 'did:tessera:fixture', linkedAccounts: [] } as unknown as User
    },
    getChains: async () => [],
    getEthereumProvider: notHere,
    getSolanaProvider: notHere,
    getSolanaStandardWallet: notHere,
    signMessage: notHere,
    signAuthorization: notHere,
    generateAuthorizationSignature: notHere,
    addSessionSigners: notHere,
    removeSessionSigners: notHere,
    signTypedData: notHere,
    signTransaction: notHere,
    sendTransaction: notHere,
    getFarcasterSignerPublicKey: async () => {
      if (script.farcasterSignerPublicKey) return script.farcasterSignerPublicKey
      throw new TesseraError({ code: 'embedded_wallet_not_found', shortMessage: 'Connect failed' })
    },
    signFarcasterMessage: notHere,
    async delegateWallet({ address }) {
      await script.delegate?.(address)
      state.set({ ...state.get(), wallets: state.get().wallets.map((wallet) => (wallet.address === address ? { ...wallet, delegated: true } : wallet)) })
    },
    async revokeWallets() {
      state.set({ ...state.get(), wallets: state.get().wallets.map((wallet) => ({ ...wallet, delegated: false })) })
    },
  }
}
