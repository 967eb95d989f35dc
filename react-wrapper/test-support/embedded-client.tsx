/**
 * Test-only: the shared client of an app with its `embeddedWallets` replaced by a double that holds real keys
 * (viem local accounts), so the embedded-wallet hooks are checked against real signatures without the wallet frame
 * (the frame, core and chains are covered end to end in test/e2e/embedded-wallets.test.ts).
 */
import { renderToString } from 'react-dom/server'
import type { ReactNode } from 'react'
import { keccak256, type Hex, type TypedDataDefinition } from 'viem'
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import {
  getOrCreateClient,
  TesseraError,
  type EmbeddedWallet,
  type EmbeddedWalletsApi,
  type EmbeddedWalletsState,
  type TesseraClient,
  type User,
} from '../../src/core/index.js'
import { createStore } from '../../src/core/utils/store.js'
import { canonicalAuthorizationRequest } from '../../src/protocol/index.js'
import { p256 } from '@noble/curves/p256'
import { base64 } from '@scure/base'
import { TesseraProvider } from '../index.js'

type EmbeddedChainType = EmbeddedWallet['chainType']

// A closed loopback port: the config request fails fast and the client keeps its defaults.
const apiUrl = 'http://127.0.0.1:9'

export interface EmbeddedClientDouble {
  client: TesseraClient
  state: ReturnType<typeof createStore<EmbeddedWalletsState>>
  /** The key behind each Ethereum address the double created. */
  accounts: Map<string, PrivateKeyAccount>
  /** The user signer's P-256 private key (the frame's is non-extractable; the double's signs the same payloads). */
  userSigner: Uint8Array
  /** Every call the double received, by method. */
  calls: { method: string; input: unknown }[]
  /** Makes the next call of `method` fail with `error`. */
  failNext(method: keyof EmbeddedWalletsApi, error: unknown): void
  /** Server-renders `children` inside the provider and returns the text of its `<output>`. */
  render(children: ReactNode): string
  destroy(): void
}

const solanaAddress = (index: number) => `So1anaTestWa11et${String(index).padStart(2, '0')}1111111111111111111111111`.slice(0, 44)

export function embeddedClientDouble(appId: string): EmbeddedClientDouble {
  const real = getOrCreateClient({ appId, apiUrl })
  const state = createStore<EmbeddedWalletsState>({ status: 'idle', wallets: [], creating: null, error: null })
  const accounts = new Map<string, PrivateKeyAccount>()
  const calls: EmbeddedClientDouble['calls'] = []
  const userSigner = p256.utils.randomPrivateKey()
  const failures = new Map<string, unknown>()
  const record = (method: keyof EmbeddedWalletsApi, input: unknown) => {
    calls.push({ method, input })
    const failure = failures.get(method)
    failures.delete(method)
    if (failure) throw failure
  }
  const accountFor = (address?: string) => {
    const account = address ? accounts.get(address) : accounts.values().next().value
    if (!account) throw new TesseraError({ code: 'wallet_not_on_device', shortMessage: 'Wallet not on this device' })
    return account
  }
  const wallet = (chainType: EmbeddedChainType, address: string, walletIndex: number): EmbeddedWallet => ({
    address,
    chainType,
    walletIndex,
    recoveryMethod: 'privy',
    imported: false,
    delegated: false,
    entropyId: address,
    entropyIdVerifier: chainType === 'ethereum' ? 'ethereum-address-verifier' : 'solana-address-verifier',
    walletClientType: 'privy',
    connectorType: 'embedded',
  })
  /** Marks the wallet at `address` (un)delegated, as the server's user then shows it, and answers that user. */
  const withDelegated = (address: string, delegated: boolean): User => {
    state.set({ ...state.get(), wallets: state.get().wallets.map((held) => (held.address === address ? { ...held, delegated } : held)) })
    return {
      id: 'did:privy:double',
      createdAt: new Date(0),
      linkedAccounts: [],
      hasAcceptedTerms: false,
      isGuest: false,
      customMetadata: {},
      mfaMethods: [],
      delegatedWallets: [],
    }
  }
  const unavailable = async () => Promise.reject(new TesseraError({ code: 'embedded_wallet_request_error', shortMessage: 'Not in the double' }))

  const embeddedWallets: EmbeddedWalletsApi = {
    getState: state.get,
    watchState: state.watch,
    async create(options = {}) {
      record('create', options)
      const chainType = options.chainType ?? 'ethereum'
      const same = state.get().wallets.filter((existing) => existing.chainType === chainType)
      const walletIndex = options.walletIndex ?? (options.createAdditional ? same.length : 0)
      let address = solanaAddress(walletIndex)
      if (chainType === 'ethereum') {
        const account = privateKeyToAccount(generatePrivateKey())
        accounts.set(account.address, account)
        address = account.address
      }
      const created = wallet(chainType, address, walletIndex)
      state.set({ ...state.get(), status: 'ready', wallets: [...state.get().wallets, created] })
      return created
    },
    connect: async () => {},
    recover: unavailable,
    setRecovery: unavailable,
    async importWallet(input) {
      record('importWallet', { chainType: input.chainType })
      if (input.chainType === 'solana') return unavailable()
      const account = privateKeyToAccount(input.privateKey as Hex)
      accounts.set(account.address, account)
      const imported = { ...wallet('ethereum', account.address, 0), imported: true }
      state.set({ ...state.get(), status: 'ready', wallets: [...state.get().wallets, imported] })
      return imported
    },
    keyExportFrame: unavailable,
    createLoginWallets: unavailable,
    getChains: async () => [],
    getEthereumProvider: unavailable,
    getSolanaProvider: unavailable,
    getSolanaStandardWallet: unavailable,
    getFarcasterSignerPublicKey: unavailable,
    signFarcasterMessage: unavailable,
    async delegateWallet(input) {
      record('delegateWallet', input)
      state.set({
        ...state.get(),
        wallets: state.get().wallets.map((existing) => (existing.address === input.address ? { ...existing, delegated: true } : existing)),
      })
    },
    async revokeWallets() {
      record('revokeWallets', {})
      state.set({ ...state.get(), wallets: state.get().wallets.map((existing) => ({ ...existing, delegated: false })) })
    },
    async signMessage(input) {
      record('signMessage', input)
      return { signature: await accountFor(input.address).signMessage({ message: input.message }) }
    },
    async signTypedData(input) {
      record('signTypedData', input)
      return { signature: await accountFor(input.address).signTypedData(input.typedData as TypedDataDefinition) }
    },
    async signTransaction(input) {
      record('signTransaction', input)
      const { to, value, chainId, nonce, gas, maxFeePerGas, maxPriorityFeePerGas } = input.transaction
      const signature = await accountFor(input.address).signTransaction({
        type: 'eip1559',
        to: to as Hex,
        value: BigInt(value ?? 0),
        chainId: Number(chainId),
        nonce: Number(nonce),
        gas: BigInt(gas ?? 21_000),
        maxFeePerGas: BigInt(maxFeePerGas ?? 0),
        maxPriorityFeePerGas: BigInt(maxPriorityFeePerGas ?? 0),
      })
      return { signature }
    },
    async signAuthorization({ address, contractAddress, chainId = 1, nonce = 0 }) {
      record('signAuthorization', { address, contractAddress, chainId, nonce })
      const signed = await accountFor(address).signAuthorization({ contractAddress: contractAddress, chainId, nonce })
      return { ...signed, v: signed.v ?? BigInt(signed.yParity! + 27), yParity: signed.yParity! }
    },
    async generateAuthorizationSignature(request) {
      record('generateAuthorizationSignature', request)
      const signature = p256.sign(new TextEncoder().encode(canonicalAuthorizationRequest(request)), userSigner, { prehash: true })
      return { signature: base64.encode(signature.toCompactRawBytes()) }
    },
    async addSessionSigners(input) {
      record('addSessionSigners', input)
      return { user: withDelegated(input.address, true) }
    },
    async removeSessionSigners(input) {
      record('removeSessionSigners', input)
      return { user: withDelegated(input.address, false) }
    },
    async sendTransaction(input) {
      const { signature } = await embeddedWallets.signTransaction(input)
      record('sendTransaction', input)
      // What a node answers: the hash of the signed transaction.
      return { hash: keccak256(signature as Hex) }
    },
  }
  const client = { ...real, embeddedWallets } as TesseraClient
  const registry = (globalThis as Record<symbol, Map<string, TesseraClient>>)[Symbol.for('tessera.client')]!
  registry.set(appId, client)
  return {
    client,
    state,
    accounts,
    userSigner,
    calls,
    failNext: (method, error) => void failures.set(method, error),
    render(children) {
      const html = renderToString(
        <TesseraProvider appId={appId} apiUrl={apiUrl}>
          {children}
        </TesseraProvider>,
      )
      return (html.match(/<output>(.*?)<\/output>/)?.[1] ?? '').replaceAll('&quot;', '"').replaceAll('&#x27;', "'")
    },
    destroy() {
      registry.delete(appId)
      real.destroy()
    },
  }
}
