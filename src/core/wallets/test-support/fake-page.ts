/** An in-process page for wallet tests: window events, a location, and wallets that announce themselves like extensions do. */
import { getWallets } from '@wallet-standard/app'
import type { Wallet } from '@wallet-standard/base'
import { onTestFinished, vi } from 'vitest'
import type { StandardWallet, StandardWalletAccount } from '../discovery/wallet-standard.js'
import type { Eip1193Provider } from '../ethereum/eip1193.js'
import type { TestEthereumWallet } from './ethereum-wallet.js'
import type { TestSolanaWallet } from './solana-wallet.js'

export interface FakePage extends EventTarget {
  location: { host: string; origin: string; pathname: string; href: string }
  navigator: { userAgent: string }
  ethereum?: Eip1193Provider
}

/**
 * A page that is the global `window` until the test ends (the newest page wins): discovery's libraries (mipd,
 * @wallet-standard/app) listen there, as in a browser. Call it inside a test.
 */
export function fakePage(origin = 'https://app.example', userAgent = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0'): FakePage {
  const url = new URL('/login', origin)
  const page: FakePage = Object.assign(new EventTarget(), {
    location: { host: url.host, origin: url.origin, pathname: url.pathname, href: url.href },
    navigator: { userAgent },
  })
  vi.stubGlobal('window', page)
  // A page has a document: the client's embedded wallets read both globals together (their frame is a test double here).
  vi.stubGlobal('document', {})
  onTestFinished(() => void vi.unstubAllGlobals())
  return page
}

export type TestProvider = Eip1193Provider & { emit(event: string, value: unknown): void }

/** The EIP-1193 face of a test wallet: answers become results or thrown `{ code, message }` errors. */
export function eip1193Provider(wallet: TestEthereumWallet): TestProvider {
  const listeners = new Map<string, Set<(value: unknown) => void>>()
  const emit = (event: string, value: unknown) => listeners.get(event)?.forEach((listener) => listener(value))
  wallet.onEvent(emit)
  return {
    async request({ method, params }) {
      const answer = await wallet.answer(method, params)
      if ('error' in answer) throw Object.assign(new Error(answer.error.message), { code: answer.error.code })
      return answer.result
    },
    on: (event, listener) => void (listeners.get(event) ?? listeners.set(event, new Set()).get(event)!).add(listener),
    removeListener: (event, listener) => void listeners.get(event)?.delete(listener),
    emit,
  }
}

/** Announces the provider now and whenever the page asks (EIP-6963). */
export function announceEip6963(page: EventTarget, provider: Eip1193Provider, info: { rdns: string; name: string }) {
  const detail = Object.freeze({ info: { uuid: crypto.randomUUID(), icon: 'data:image/svg+xml,<svg/>', ...info }, provider })
  const announce = () => page.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  page.addEventListener('eip6963:requestProvider', announce)
  announce()
}

export interface StandardWalletOptions {
  name?: string
  /** False leaves only transaction signing. */
  signMessage?: boolean
  /** Offers `solana:signAndSendTransaction`, sending there (the local Solana endpoint) whatever the chain. */
  rpcUrl?: string
}

export interface TestStandardWallet extends StandardWallet {
  emitChange(accounts: StandardWalletAccount[]): void
  /** Signing features asked, in order, with the chain they were asked for. */
  calls: { method: string; chain?: string }[]
}

/** A wallet-standard Solana wallet over a test keypair, on mainnet and devnet. */
export function standardWallet(test: TestSolanaWallet, options: StandardWalletOptions = {}): TestStandardWallet {
  const chains = ['solana:mainnet', 'solana:devnet']
  const account: StandardWalletAccount = {
    address: test.address,
    publicKey: test.publicKey,
    chains,
    features: ['solana:signMessage', 'solana:signTransaction'],
  }
  const accounts: StandardWalletAccount[] = []
  const changeListeners = new Set<(properties: { accounts: StandardWalletAccount[] }) => void>()
  const rejected = () => Object.assign(new Error('User rejected the request.'), { code: 4001 })
  const calls: TestStandardWallet['calls'] = []
  /** Records a signing request; fails it with 4001 after `rejectNext()`. */
  const ask = (method: string, chain?: string) => {
    calls.push({ method, ...(chain && { chain }) })
    if (test.takeRejection()) throw rejected()
  }
  const features: Record<string, unknown> = {
    'standard:connect': {
      version: '1.0.0',
      async connect(input?: { silent?: boolean }) {
        if (!input?.silent && test.takeRejection()) throw rejected()
        if (!input?.silent && !accounts.length) accounts.push(account)
        return { accounts: [...accounts] }
      },
    },
    'standard:events': {
      version: '1.0.0',
      on: (_event: 'change', listener: (properties: { accounts: StandardWalletAccount[] }) => void) => (
        changeListeners.add(listener), () => changeListeners.delete(listener)
      ),
    },
    'solana:signTransaction': {
      version: '1.0.0',
      async signTransaction(...inputs: { transaction: Uint8Array; chain?: string }[]) {
        ask('signTransaction', inputs[0]?.chain)
        return inputs.map((input) => ({ signedTransaction: test.signTransaction(input.transaction) }))
      },
    },
  }
  const { rpcUrl } = options
  if (rpcUrl) {
    features['solana:signAndSendTransaction'] = {
      version: '1.0.0',
      supportedTransactionVersions: ['legacy', 0],
      async signAndSendTransaction(...inputs: { transaction: Uint8Array; chain?: string }[]) {
        ask('signAndSendTransaction', inputs[0]?.chain)
        return Promise.all(inputs.map(async (input) => ({ signature: await test.signAndSendTransaction(input.transaction, rpcUrl) })))
      },
    }
  }
  if (options.signMessage !== false) {
    features['solana:signMessage'] = {
      version: '1.0.0',
      async signMessage(...inputs: { message: Uint8Array }[]) {
        ask('signMessage')
        return inputs.map((input) => ({ signedMessage: input.message, signature: test.signMessage(input.message) }))
      },
    }
  }
  return {
    version: '1.0.0',
    name: options.name ?? 'Test Solana Wallet',
    icon: 'data:image/svg+xml,<svg/>',
    chains,
    features,
    calls,
    get accounts() {
      return [...accounts]
    },
    emitChange(next) {
      accounts.splice(0, accounts.length, ...next)
      changeListeners.forEach((listener) => listener({ accounts: [...accounts] }))
    },
  }
}

/**
 * Registers the wallet in the page's wallet-standard registry (`getWallets()`, one per JavaScript realm, as a wallet's
 * `wallet-standard:register-wallet` event ends up doing) until the test ends. The page must be the current `window`.
 */
export function registerStandardWallet(page: FakePage, wallet: StandardWallet) {
  if ((globalThis as { window?: unknown }).window !== page) throw new Error('Register wallets on the newest fake page (the global window).')
  onTestFinished(getWallets().register(wallet as unknown as Wallet))
}
