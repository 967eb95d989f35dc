/**
 * A real Ethereum wallet for tests, kept in Node: a viem local account answering EIP-1193 requests. It signs
 * transactions itself (nonce, gas and fees read from the current chain's RPC), so any key can send, not only anvil's
 * unlocked accounts; other methods go to that RPC. Unit tests call it in-process; the page harness
 * (test/harness/injected-wallets.ts) reaches it through a binding.
 */
import { BaseError, createWalletClient, http, type Hex } from 'viem'
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'

/** What a request answered, as plain data (it crosses into the page). */
export type WalletAnswer = { result: unknown } | { error: { code: number; message: string } }

export interface TestEthereumWalletOptions {
  privateKey: Hex
  /** Default 1. */
  chainId?: number
  /** Other methods go here (anvil) on any chain `rpcUrls` does not name; without either they fail with 4200. */
  rpcUrl?: string
  /** The RPC of each chain (two local anvils, say): after a switch, calls go to the new chain's. Known without adding. */
  rpcUrls?: Record<number, string>
  /** Chains the wallet can switch to without adding them first; the current chain always counts. */
  knownChainIds?: number[]
}

export interface TestEthereumWallet {
  address: Hex
  chainId(): number
  answer(method: string, params: unknown): Promise<WalletAnswer>
  /** The next request the user must approve (accounts, signatures, sends, chain changes) fails with 4001, as if they clicked Reject. */
  rejectNext(): void
  /** The next `eth_requestAccounts` fails with -32002 (a request already pending), and accounts stay hidden until `approvePending()`. */
  holdNextConnect(): void
  approvePending(): void
  /** Methods asked, in order. */
  calls: string[]
  /** Events the page's provider must emit (`chainChanged` after a switch). */
  onEvent(listener: (event: string, value: unknown) => void): void
}

/** `eth_sendTransaction`'s object: hex quantities. */
interface TransactionParams {
  from?: string
  to?: Hex
  data?: Hex
  value?: Hex
  gas?: Hex
  nonce?: Hex
  gasPrice?: Hex
  maxFeePerGas?: Hex
  maxPriorityFeePerGas?: Hex
  chainId?: Hex
}

const approvalMethods = new Set([
  'eth_requestAccounts',
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
])
const toHex = (value: number) => `0x${value.toString(16)}`
const rpcError = (code: number, message: string): WalletAnswer => ({ error: { code, message } })

async function forwardRpc(url: string | undefined, method: string, params: unknown): Promise<WalletAnswer> {
  if (!url) return rpcError(4200, `Unsupported method ${method}`)
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: params ?? [] }),
  })
  const body = (await response.json()) as { result?: unknown; error?: { code: number; message: string } }
  return body.error ? { error: body.error } : { result: body.result }
}

/** Signs with the wallet's key on its current chain, as a wallet does: the chain fills what the request leaves out. */
async function sendSigned(account: PrivateKeyAccount, url: string | undefined, chainId: number, request: TransactionParams): Promise<WalletAnswer> {
  if (!url) return rpcError(4200, 'Unsupported method eth_sendTransaction')
  if (request.from && request.from.toLowerCase() !== account.address.toLowerCase()) return rpcError(4100, 'Unknown account')
  if (request.chainId && Number(request.chainId) !== chainId)
    return rpcError(-32602, `Invalid chainId ${Number(request.chainId)}: the wallet is on chain ${chainId}`)
  const quantity = (value: Hex | undefined) => (value === undefined ? undefined : BigInt(value))
  try {
    const hash = await createWalletClient({ account, transport: http(url) }).sendTransaction({
      chain: null,
      to: request.to,
      data: request.data,
      value: quantity(request.value),
      gas: quantity(request.gas),
      nonce: request.nonce === undefined ? undefined : Number(request.nonce),
      ...(request.gasPrice !== undefined
        ? { gasPrice: quantity(request.gasPrice) }
        : { maxFeePerGas: quantity(request.maxFeePerGas), maxPriorityFeePerGas: quantity(request.maxPriorityFeePerGas) }),
    })
    return { result: hash }
  } catch (error) {
    // The chain's refusal (funds, nonce, revert) as the wallet passes it on.
    const cause =
      error instanceof BaseError ? (error.walk((inner) => typeof (inner as { code?: unknown }).code === 'number') as (Error & { code: number }) | null) : null
    return rpcError(cause?.code ?? -32603, error instanceof BaseError ? error.shortMessage : String(error))
  }
}

export function createTestEthereumWallet(options: TestEthereumWalletOptions): TestEthereumWallet {
  const account = privateKeyToAccount(options.privateKey)
  let chainId = options.chainId ?? 1
  const known = new Set([chainId, ...(options.knownChainIds ?? []), ...Object.keys(options.rpcUrls ?? {}).map(Number)])
  // The user's answers to come (reject, hold the connection) and the connection's state.
  let [rejectNext, holdNext, pending, authorized] = [false, false, false, false]
  const listeners: ((event: string, value: unknown) => void)[] = []
  const calls: string[] = []
  const emit = (event: string, value: unknown) => listeners.forEach((listener) => listener(event, value))

  // Chains added by the app (wallet_addEthereumChain) bring their RPC, as in a real wallet.
  const rpcUrls: Record<number, string> = { ...options.rpcUrls }
  const rpcUrl = () => rpcUrls[chainId] ?? options.rpcUrl

  const forward = (method: string, params: unknown) => forwardRpc(rpcUrl(), method, params)
  const sendTransaction = (request: TransactionParams) => sendSigned(account, rpcUrl(), chainId, request)

  async function answer(method: string, params: unknown): Promise<WalletAnswer> {
    calls.push(method)
    if (rejectNext && approvalMethods.has(method)) {
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
      case 'eth_sendTransaction':
        return sendTransaction(list[0] as TransactionParams)
      case 'wallet_addEthereumChain': {
        const added = list[0] as { chainId: string; rpcUrls?: string[] }
        const id = Number.parseInt(added.chainId, 16)
        known.add(id)
        if (added.rpcUrls?.[0]) rpcUrls[id] ??= added.rpcUrls[0]
        return { result: null }
      }
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
