/**
 * A real Ethereum wallet for tests, kept in Node: a viem local account answering EIP-1193 requests. Unit tests
 * call it in-process; the page harness (test/harness/injected-wallets.ts) reaches it through a binding.
 */
import { privateKeyToAccount } from 'viem/accounts'
import type { Hex } from 'viem'

/** What a request answered, as plain data (it crosses into the page). */
export type WalletAnswer = { result: unknown } | { error: { code: number; message: string } }

export interface TestEthereumWalletOptions {
  privateKey: Hex
  /** Default 1. */
  chainId?: number
  /** Other methods go here (anvil); without it they fail with 4200. */
  rpcUrl?: string
  /** Chains the wallet can switch to without adding them first; the current chain always counts. */
  knownChainIds?: number[]
}

export interface TestEthereumWallet {
  address: Hex
  chainId(): number
  answer(method: string, params: unknown): Promise<WalletAnswer>
  /** The next request fails with 4001, as if the user clicked Reject. */
  rejectNext(): void
  /** The next `eth_requestAccounts` fails with -32002 (a request already pending), and accounts stay hidden until `approvePending()`. */
  holdNextConnect(): void
  approvePending(): void
  /** Methods asked, in order. */
  calls: string[]
  /** Events the page's provider must emit (`chainChanged` after a switch). */
  onEvent(listener: (event: string, value: unknown) => void): void
}

const toHex = (value: number) => `0x${value.toString(16)}`
const rpcError = (code: number, message: string): WalletAnswer => ({ error: { code, message } })

export function createTestEthereumWallet(options: TestEthereumWalletOptions): TestEthereumWallet {
  const account = privateKeyToAccount(options.privateKey)
  let chainId = options.chainId ?? 1
  const known = new Set([chainId, ...(options.knownChainIds ?? [])])
  let rejectNext = false
  let holdNext = false
  let pending = false
  let authorized = false
  const listeners: ((event: string, value: unknown) => void)[] = []
  const calls: string[] = []
  const emit = (event: string, value: unknown) => listeners.forEach((listener) => listener(event, value))

  async function forward(method: string, params: unknown): Promise<WalletAnswer> {
    if (!options.rpcUrl) return rpcError(4200, `Unsupported method ${method}`)
    const response = await fetch(options.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: params ?? [] }) })
    const body = (await response.json()) as { result?: unknown; error?: { code: number; message: string } }
    return body.error ? { error: body.error } : { result: body.result }
  }

  async function answer(method: string, params: unknown): Promise<WalletAnswer> {
    calls.push(method)
    if (rejectNext) {
      rejectNext = false
      return rpcError(4001, 'User rejected the request.')
    }
    const list = Array.isArray(params) ? params : []
    switch (method) {
      case 'eth_requestAccounts':
        if (holdNext) {
          holdNext = false
          pending = true
          return rpcError(-32002, 'Already processing eth_requestAccounts. Please wait.')
        }
        authorized = true
        return { result: [account.address] }
      case 'eth_accounts':
        return { result: authorized && !pending ? [account.address] : [] }
      case 'eth_chainId':
        return { result: toHex(chainId) }
      case 'personal_sign': {
        const [message, address] = list as [Hex, string]
        if (String(address).toLowerCase() !== account.address.toLowerCase()) return rpcError(4100, 'Unknown account')
        return { result: await account.signMessage({ message: { raw: message } }) }
      }
      case 'wallet_switchEthereumChain': {
        const wanted = Number.parseInt((list[0] as { chainId: string }).chainId, 16)
        if (!known.has(wanted)) return rpcError(4902, `Unrecognized chain ID ${toHex(wanted)}. Try adding the chain using wallet_addEthereumChain first.`)
        if (wanted !== chainId) {
          chainId = wanted
          emit('chainChanged', toHex(wanted))
        }
        return { result: null }
      }
      case 'wallet_addEthereumChain':
        known.add(Number.parseInt((list[0] as { chainId: string }).chainId, 16))
        return { result: null }
      default:
        return forward(method, params)
    }
  }

  return {
    address: account.address,
    chainId: () => chainId,
    answer,
    rejectNext: () => void (rejectNext = true),
    holdNextConnect: () => void (holdNext = true),
    approvePending() {
      pending = false
      authorized = true
    },
    calls,
    onEvent: (listener) => void listeners.push(listener),
  }
}
