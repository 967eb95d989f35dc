/**
 * The EIP-1193 provider of one embedded Ethereum wallet: accounts and chain are answered here, signing goes to the
 * wallet frame, transactions are completed (nonce, gas, fees by document 1 §9) from the chain's RPC and broadcast
 * there, and every other method is forwarded to that RPC.
 */
import type { EthereumFrameRequest, FrameTransactionRequest } from '../../../protocol/index.js'
import { eip1559Fees, gasRuleFor } from '../../chains/gas-rules.js'
import { unsupportedTransactionTypeError } from '../../errors/embedded-wallet-errors.js'
import type { TokenStorage } from '../../types.js'
import type { Eip1193RequestArguments } from '../ethereum/eip1193.js'
import { callJsonRpc } from './json-rpc.js'
import { ProviderRpcError, providerRpcErrors } from './provider-rpc-error.js'
import type { Chain, EmbeddedEthereumProvider, EthereumTransactionRequest } from './types.js'

export interface EmbeddedEthereumProviderOptions {
  address: string
  chains: Chain[]
  defaultChain: Chain
  /** Where the provider's chain is remembered for the app (document 1 §4 "Wallet connector"). */
  storage: TokenStorage
  storageKey: string
  /** Signs through the wallet frame; answers a hex signature or signed raw transaction. */
  sign(request: EthereumFrameRequest): Promise<string>
  fetch?: typeof fetch
}

type Hex = `0x${string}`

export async function createEmbeddedEthereumProvider(options: EmbeddedEthereumProviderOptions): Promise<EmbeddedEthereumProvider> {
  const { address, chains } = options
  const listeners = new Map<string, Set<(...args: any[]) => void>>()
  const stored = Number(await Promise.resolve(options.storage.get(options.storageKey)).catch(() => null))
  // A remembered chain the app no longer supports falls back to the default one.
  let chain = chains.find((candidate) => candidate.id === stored) ?? options.defaultChain

  const rpc = <T>(method: string, params: unknown[] = [], on: Chain = chain) => callJsonRpc<T>(on.rpcUrl, method, params, options.fetch)
  const emit = (event: string, ...args: unknown[]) => listeners.get(event)?.forEach((listener) => listener(...args))

  function chainById(id: number): Chain {
    const found = chains.find((candidate) => candidate.id === id)
    if (!found) throw new ProviderRpcError(providerRpcErrors.unsupportedChain, `Unsupported chainId ${id}`)
    return found
  }

  async function switchChain(params: unknown): Promise<null> {
    const [first] = Array.isArray(params) ? params : []
    const raw = typeof first === 'string' ? first : typeof first === 'object' && first && typeof (first as { chainId?: unknown }).chainId === 'string' ? (first as { chainId: string }).chainId : null
    const id = raw === null ? NaN : Number(raw)
    if (!Number.isSafeInteger(id)) throw new ProviderRpcError(providerRpcErrors.invalidParams, 'Invalid params')
    const next = chainById(id)
    if (next.id !== chain.id) {
      chain = next
      await Promise.resolve(options.storage.put(options.storageKey, String(next.id))).catch(() => undefined)
      emit('chainChanged', toQuantity(next.id))
    }
    return null
  }

  async function prepareTransaction(request: EthereumTransactionRequest): Promise<{ transaction: FrameTransactionRequest; on: Chain }> {
    if (request.from && request.from.toLowerCase() !== address.toLowerCase()) {
      throw new ProviderRpcError(providerRpcErrors.unauthorized, `The wallet cannot send from ${request.from}`)
    }
    const on = request.chainId !== undefined ? chainById(Number(request.chainId)) : chain
    const to = (request.to ?? null) as Hex | null
    const value = request.value !== undefined ? toQuantity(request.value) : undefined
    const data = request.data as Hex | undefined
    const [nonce, gas] = await Promise.all([
      request.nonce !== undefined ? Number(request.nonce) : rpc<Hex>('eth_getTransactionCount', [address, 'pending'], on).then(Number),
      request.gas !== undefined ? toQuantity(request.gas) : rpc<Hex>('eth_estimateGas', [{ from: address, ...(to && { to }), ...(value && { value }), ...(data && { data }) }], on),
    ])
    const base = { chainId: on.id, nonce, to, gas, ...(value && { value }), ...(data && { data }) }
    const type = await transactionType(request, on)
    if (type !== 'eip1559') {
      const gasPrice = request.gasPrice !== undefined ? toQuantity(request.gasPrice) : await rpc<Hex>('eth_gasPrice', [], on)
      return { transaction: { ...base, type, gasPrice, ...(type === 'eip2930' && { accessList: [] }) }, on }
    }
    if (request.maxFeePerGas !== undefined) {
      const maxPriorityFeePerGas = request.maxPriorityFeePerGas !== undefined ? toQuantity(request.maxPriorityFeePerGas) : await rpc<Hex>('eth_maxPriorityFeePerGas', [], on)
      return { transaction: { ...base, type, maxFeePerGas: toQuantity(request.maxFeePerGas), maxPriorityFeePerGas }, on }
    }
    const [block, priority] = await Promise.all([
      rpc<{ baseFeePerGas?: Hex | null }>('eth_getBlockByNumber', ['latest', false], on),
      request.maxPriorityFeePerGas !== undefined ? toQuantity(request.maxPriorityFeePerGas) : rpc<Hex>('eth_maxPriorityFeePerGas', [], on),
    ])
    const fees = eip1559Fees(on.id, { baseFeePerGas: BigInt(block.baseFeePerGas ?? 0), maxPriorityFeePerGas: BigInt(priority) })
    return { transaction: { ...base, type, maxFeePerGas: toQuantity(fees.maxFeePerGas), maxPriorityFeePerGas: toQuantity(fees.maxPriorityFeePerGas) }, on }
  }

  /** Asked type, else legacy with a gas price or on a type-0 chain, else EIP-1559 where the chain has a base fee. */
  async function transactionType(request: EthereumTransactionRequest, on: Chain): Promise<FrameTransactionRequest['type']> {
    if (gasRuleFor(on.id) === 'legacy-only') return 'legacy'
    if (request.type !== undefined) return namedTransactionType(request.type)
    if (request.gasPrice !== undefined) return 'legacy'
    const block = await rpc<{ baseFeePerGas?: Hex | null }>('eth_getBlockByNumber', ['latest', false], on)
    return block.baseFeePerGas ? 'eip1559' : 'legacy'
  }

  async function request({ method, params }: Eip1193RequestArguments): Promise<unknown> {
    const list = Array.isArray(params) ? (params as unknown[]) : []
    switch (method) {
      case 'eth_accounts':
      case 'eth_requestAccounts':
        return [address]
      case 'eth_chainId':
        return toQuantity(chain.id)
      case 'wallet_switchEthereumChain':
        return switchChain(params)
      case 'personal_sign': {
        const [message] = list
        if (typeof message !== 'string') throw new ProviderRpcError(providerRpcErrors.invalidParams, 'Invalid params')
        return options.sign({ method: 'personal_sign', params: [isHex(message) ? message : utf8ToHex(message), address] })
      }
      case 'eth_signTypedData_v4': {
        const [, typedData] = list
        if (typedData === undefined) throw new ProviderRpcError(providerRpcErrors.invalidParams, 'Invalid params')
        return options.sign({ method: 'eth_signTypedData_v4', params: [address, typeof typedData === 'string' ? typedData : JSON.stringify(typedData)] })
      }
      case 'eth_signTransaction':
        return options.sign({ method: 'eth_signTransaction', params: [(await prepareTransaction(transactionParam(list))).transaction] })
      case 'eth_sendTransaction': {
        const { transaction, on } = await prepareTransaction(transactionParam(list))
        const signed = await options.sign({ method: 'eth_signTransaction', params: [transaction] })
        return rpc<Hex>('eth_sendRawTransaction', [signed], on)
      }
      case 'eth_sign':
        throw new ProviderRpcError(providerRpcErrors.unsupportedMethod, 'The method eth_sign is not supported')
      default:
        return rpc(method, list)
    }
  }

  return {
    address,
    getChainId: () => chain.id,
    request,
    on(event, listener) {
      let set = listeners.get(event)
      if (!set) listeners.set(event, (set = new Set()))
      set.add(listener)
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
    },
  }
}

function transactionParam(list: unknown[]): EthereumTransactionRequest {
  const [transaction] = list
  if (typeof transaction !== 'object' || transaction === null) throw new ProviderRpcError(providerRpcErrors.invalidParams, 'Invalid params')
  return transaction as EthereumTransactionRequest
}

/** The accepted names of transaction types 0, 1 and 2 (document 1 §5); anything else is refused. */
function namedTransactionType(type: NonNullable<EthereumTransactionRequest['type']>): FrameTransactionRequest['type'] {
  const named = ({ legacy: 'legacy', eip2930: 'eip2930', eip1559: 'eip1559', 0: 'legacy', 1: 'eip2930', 2: 'eip1559' } as const)[
    typeof type === 'string' && isHex(type) ? Number(type) : type
  ]
  if (!named) throw unsupportedTransactionTypeError()
  return named
}

const isHex = (value: string): value is Hex => /^0x[0-9a-fA-F]*$/.test(value)

function utf8ToHex(text: string): Hex {
  return `0x${Array.from(new TextEncoder().encode(text), (byte) => byte.toString(16).padStart(2, '0')).join('')}`
}

/** A JSON-RPC quantity from a number, bigint, decimal or hex string. */
function toQuantity(value: string | number | bigint): Hex {
  try {
    return `0x${BigInt(value).toString(16)}`
  } catch {
    throw new ProviderRpcError(providerRpcErrors.invalidParams, 'Invalid params')
  }
}
