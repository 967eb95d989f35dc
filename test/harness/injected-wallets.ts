/**
 * Wallets injected into a Chromium page, their keys kept in Node: an EIP-6963 Ethereum provider backed by a viem
 * local account (it signs and sends transactions itself on its current chain, switching between the chains of
 * `rpcUrls`; other calls go to that chain's RPC, such as anvil), and a wallet-standard Solana wallet backed by an
 * ed25519 keypair (sending what it signs to `rpcUrl` when it offers signAndSend). The page reaches Node through one
 * exposed function per wallet. Call before `page.goto`.
 */
import type { Page } from 'playwright-core'
import type { Hex } from 'viem'
import { createTestEthereumWallet, type TestEthereumWalletOptions, type WalletAnswer } from '../../src/core/wallets/test-support/ethereum-wallet.js'
import { createTestSolanaWallet, type TestSolanaWallet } from '../../src/core/wallets/test-support/solana-wallet.js'

const icon = (letter: string) =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#5b5bd6"/><text x="16" y="22" font-size="16" text-anchor="middle" fill="#fff">${letter}</text></svg>`)}`

let bindings = 0
const nextBinding = (kind: string) => `__tesseraTest${kind}Wallet${++bindings}`

export interface InstalledEthereumWallet {
  address: string
  /** The next request the user must approve fails with 4001. */
  rejectNext(): void
  /** The chain the wallet is on now. */
  chainId(): number
  /** Methods the page asked, in order. */
  calls: string[]
}

export async function installEthereumWallet(
  page: Page,
  options: { privateKey: Hex; rdns?: string; name?: string } & Pick<TestEthereumWalletOptions, 'rpcUrl' | 'rpcUrls' | 'chainId' | 'knownChainIds'>,
): Promise<InstalledEthereumWallet> {
  const { privateKey, rpcUrl, rpcUrls, chainId, knownChainIds } = options
  const wallet = createTestEthereumWallet({ privateKey, rpcUrl, rpcUrls, chainId, knownChainIds })
  const binding = nextBinding('Ethereum')
  // Events a request caused (chainChanged after a switch) travel back with its answer; the page emits them.
  const events: [string, unknown][] = []
  wallet.onEvent((event, value) => events.push([event, value]))
  await page.exposeFunction(binding, async (method: string, params: unknown): Promise<{ answer: WalletAnswer; events: [string, unknown][] }> => {
    const answer = await wallet.answer(method, params)
    return { answer, events: events.splice(0) }
  })
  const name = options.name ?? 'Test Wallet'
  await page.addInitScript(
    ({ binding, info }) => {
      type Answer = { answer: { result?: unknown; error?: { code: number; message: string } }; events: [string, unknown][] }
      const call = (window as unknown as Record<string, (method: string, params: unknown) => Promise<Answer>>)[binding]!
      const listeners = new Map<string, Set<(value: unknown) => void>>()
      const provider = {
        async request({ method, params }: { method: string; params?: unknown }) {
          const { answer, events } = await call(method, params ?? [])
          for (const [event, value] of events) listeners.get(event)?.forEach((listener) => listener(value))
          if (answer.error) throw Object.assign(new Error(answer.error.message), { code: answer.error.code })
          return answer.result
        },
        on(event: string, listener: (value: unknown) => void) {
          if (!listeners.has(event)) listeners.set(event, new Set())
          listeners.get(event)!.add(listener)
        },
        removeListener(event: string, listener: (value: unknown) => void) {
          listeners.get(event)?.delete(listener)
        },
      }
      const detail = Object.freeze({ info: Object.freeze({ ...info, uuid: crypto.randomUUID() }), provider })
      const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
      window.addEventListener('eip6963:requestProvider', announce)
      announce()
    },
    { binding, info: { name, rdns: options.rdns ?? 'dev.tessera.testwallet', icon: icon(name[0] ?? 'W') } },
  )
  return { address: wallet.address, rejectNext: () => wallet.rejectNext(), chainId: () => wallet.chainId(), calls: wallet.calls }
}

type SolanaCall = { op: 'connect' } | { op: 'signMessage' | 'signTransaction' | 'signAndSendTransaction'; bytes: number[] }
type SolanaAnswer = { rejected: true } | { rejected: false; bytes: number[] } | { rejected: false; error: { code: number; message: string } }

export interface InstalledSolanaWallet {
  address: string
  /** Solana's 64-byte secret key: fund the wallet, or sign as it, from the test. */
  secretKey: Uint8Array
  /** The next connection or signature fails with 4001. */
  rejectNext(): void
}

export interface SolanaWalletOptions {
  name?: string
  /** False leaves only transaction signing. */
  signMessage?: boolean
  /** Offers `solana:signAndSendTransaction`, sending to this RPC (the local Solana endpoint) whatever the chain. */
  rpcUrl?: string
  /** Its key (a 32-byte seed or the 64-byte secret key); default a new one. */
  secretKey?: Uint8Array
}

/** What the Node side of the Solana wallet does for one page request. */
async function answerSolana(wallet: TestSolanaWallet, request: SolanaCall, rpcUrl: string | undefined): Promise<SolanaAnswer> {
  if (wallet.takeRejection()) return { rejected: true }
  if (request.op === 'connect') return { rejected: false, bytes: [] }
  const bytes = Uint8Array.from(request.bytes)
  if (request.op === 'signMessage') return { rejected: false, bytes: Array.from(wallet.signMessage(bytes)) }
  if (request.op === 'signTransaction' || !rpcUrl) return { rejected: false, bytes: Array.from(wallet.signTransaction(bytes)) }
  try {
    return { rejected: false, bytes: Array.from(await wallet.signAndSendTransaction(bytes, rpcUrl)) }
  } catch (error) {
    // The endpoint's refusal (preflight, funds) as the wallet passes it on.
    return { rejected: false, error: { code: (error as { code?: number }).code ?? -32603, message: (error as Error).message } }
  }
}

export async function installSolanaWallet(page: Page, options: SolanaWalletOptions = {}): Promise<InstalledSolanaWallet> {
  const wallet = createTestSolanaWallet({ secretKey: options.secretKey })
  const binding = nextBinding('Solana')
  await page.exposeFunction(binding, (request: SolanaCall) => answerSolana(wallet, request, options.rpcUrl))
  const name = options.name ?? 'Test Solana Wallet'
  await page.addInitScript(
    ({ binding, name, icon, address, publicKey, signMessage, signAndSend }) => {
      type Answer = { rejected: boolean; bytes?: number[]; error?: { code: number; message: string } }
      const call = (window as unknown as Record<string, (request: unknown) => Promise<Answer>>)[binding]!
      const rejected = () => Object.assign(new Error('User rejected the request.'), { code: 4001 })
      const ask = async (request: unknown) => {
        const answer = await call(request)
        if (answer.rejected) throw rejected()
        if (answer.error) throw Object.assign(new Error(answer.error.message), { code: answer.error.code })
        return Uint8Array.from(answer.bytes ?? [])
      }
      const chains = ['solana:mainnet', 'solana:devnet']
      const signing = ['solana:signTransaction', ...(signMessage ? ['solana:signMessage'] : []), ...(signAndSend ? ['solana:signAndSendTransaction'] : [])]
      const account = Object.freeze({ address, publicKey: Uint8Array.from(publicKey), chains, features: signing })
      let accounts: (typeof account)[] = []
      const changeListeners = new Set<(properties: { accounts: (typeof account)[] }) => void>()
      const setAccounts = (next: (typeof account)[]) => {
        accounts = next
        changeListeners.forEach((listener) => listener({ accounts }))
      }
      const features: Record<string, unknown> = {
        'standard:connect': {
          version: '1.0.0',
          async connect(input?: { silent?: boolean }) {
            if (!input?.silent) {
              await ask({ op: 'connect' })
              setAccounts([account])
            }
            return { accounts }
          },
        },
        'standard:disconnect': { version: '1.0.0', disconnect: async () => setAccounts([]) },
        'standard:events': {
          version: '1.0.0',
          on(event: string, listener: (properties: { accounts: (typeof account)[] }) => void) {
            if (event !== 'change') return () => {}
            changeListeners.add(listener)
            return () => changeListeners.delete(listener)
          },
        },
        'solana:signTransaction': {
          version: '1.0.0',
          supportedTransactionVersions: ['legacy', 0],
          signTransaction: (...inputs: { transaction: Uint8Array }[]) =>
            Promise.all(inputs.map(async (input) => ({ signedTransaction: await ask({ op: 'signTransaction', bytes: Array.from(input.transaction) }) }))),
        },
      }
      if (signAndSend) {
        features['solana:signAndSendTransaction'] = {
          version: '1.0.0',
          supportedTransactionVersions: ['legacy', 0],
          signAndSendTransaction: (...inputs: { transaction: Uint8Array }[]) =>
            Promise.all(inputs.map(async (input) => ({ signature: await ask({ op: 'signAndSendTransaction', bytes: Array.from(input.transaction) }) }))),
        }
      }
      if (signMessage) {
        features['solana:signMessage'] = {
          version: '1.0.0',
          signMessage: (...inputs: { message: Uint8Array }[]) =>
            Promise.all(
              inputs.map(async (input) => ({ signedMessage: input.message, signature: await ask({ op: 'signMessage', bytes: Array.from(input.message) }) })),
            ),
        }
      }
      const wallet = Object.freeze({
        version: '1.0.0',
        name,
        icon,
        chains,
        features,
        get accounts() {
          return accounts
        },
      })
      // Wallet-standard registration: answer the app's app-ready, and announce in case the app is already listening.
      const register = (api: { register(wallet: unknown): unknown }) => api.register(wallet)
      window.addEventListener('wallet-standard:app-ready', (event) => register((event as CustomEvent).detail))
      window.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: register }))
    },
    {
      binding,
      name,
      icon: icon(name[0] ?? 'S'),
      address: wallet.address,
      publicKey: Array.from(wallet.publicKey),
      signMessage: options.signMessage !== false,
      signAndSend: !!options.rpcUrl,
    },
  )
  return { address: wallet.address, secretKey: wallet.secretKey, rejectNext: () => wallet.rejectNext() }
}
