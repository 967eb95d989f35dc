/**
 * The EIP-1193 provider of one embedded Ethereum wallet: accounts and chain are answered here, signing goes to the
 * wallet frame, transactions are completed (nonce, gas, fees by the sign-in spec, "Business constants and limits") from the chain's RPC and broadcast
 * there, and every other method is forwarded to that RPC. Signing and sending pass the confirmation gate: with
 * wallet UIs on, the request waits in the confirmation queue for the user's approval (funding spec, "Screens and routes", "Entities and their fields" and "States and transitions").
 */
import type { EthereumFrameRequest } from '../../../protocol/index.js'
import type { Chain } from '../../chains/chain.js'
import type { ConfirmationController, ConfirmationQueue } from '../../transactions/confirmation-queue.js'
import { ethereumTransactionConfirmation, type EthereumTransactionInput } from '../../transactions/ethereum-confirmation.js'
import { createSendLedger, type SendLedger } from '../../transactions/send-once.js'
import { assertSender, isHex, toQuantity, type Hex } from '../../transactions/prepare-ethereum-transaction.js'
import { messageText, signMessageConfirmation, typedDataText } from '../../transactions/sign-message-confirmation.js'
import type { Confirmation, ConfirmationOptions, SignMessageUiOptions, TransactionUiOptions } from '../../transactions/types.js'
import type { TokenStorage } from '../../types.js'
import type { Eip1193RequestArguments } from '../ethereum/eip1193.js'
import { callJsonRpc } from './json-rpc.js'
import { ProviderRpcError, providerRpcErrors } from './provider-rpc-error.js'
import type { EmbeddedEthereumProvider, EthereumTransactionRequest } from './types.js'

export interface EmbeddedEthereumProviderOptions {
  address: string
  chains: Chain[]
  defaultChain: Chain
  /** Where the provider's chain is remembered for the app (sign-in spec, "States and transitions": "Wallet connector"). */
  storage: TokenStorage
  storageKey: string
  /** Signs through the wallet frame; answers a hex signature or signed raw transaction. */
  sign(request: EthereumFrameRequest): Promise<string>
  fetch?: typeof fetch
  /** The embedded wallets' queue; absent: every request runs headless. */
  confirmations?: ConfirmationQueue
  /** Makes the wallet usable on this device (recovering it when the device share is missing). */
  connect?(): Promise<void>
  /** The server's transaction scan, when the app enables it (read per request). */
  scan?(): EthereumTransactionInput['scan']
  /** The USD price of one whole token (`GET /api/v1/token_price`), for the confirmation's rows. */
  tokenPriceUsd?(chainId: number, symbol: string): Promise<number | null>
  receiptPollMs?: number
  /** The client's idempotency keys of sends (shared by its providers); absent: this provider keeps its own. */
  sends?: SendLedger
}

/** How the caller (the client's `signMessage`, `sendTransaction`, ...) shows its confirmation. */
export interface RequestPresentation {
  uiOptions?: SignMessageUiOptions | TransactionUiOptions
  options?: ConfirmationOptions
  /** `eth_sendTransaction` with a key is sent once: a retry with the key answers the first send's hash (docs/security.md #60). */
  idempotencyKey?: string
  /** `eth_sendTransaction` sent by the wallet API with the app paying the fee (server-managed wallets only; the client checks). */
  sponsor?: boolean
}

export interface EmbeddedEthereumProviderImpl extends EmbeddedEthereumProvider {
  /** `request` with the caller's confirmation presentation. */
  requestWith(args: Eip1193RequestArguments, presentation: RequestPresentation): Promise<unknown>
  /** Another module's confirmation for this wallet (a smart wallet's batch) through the same gate: recovery, then the queue. */
  confirm<C extends Confirmation, R>(controller: ConfirmationController<C, R>, presentation: RequestPresentation): Promise<R>
}

export async function createEmbeddedEthereumProvider(options: EmbeddedEthereumProviderOptions): Promise<EmbeddedEthereumProviderImpl> {
  const { address, chains } = options
  const listeners = new Map<string, Set<(...args: any[]) => void>>()
  const sends = options.sends ?? createSendLedger()
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

  const context = {
    address,
    chainFor: (request: { chainId?: number | string }) => (request.chainId !== undefined ? chainById(Number(request.chainId)) : chain),
    rpc,
    tokenPriceUsd: options.tokenPriceUsd,
  }

  /** The gate: the confirmation queue decides between the user's approval and a headless run. */
  async function confirmed<C extends Confirmation, R>(controller: ConfirmationController<C, R>, { uiOptions, options: confirmationOptions }: RequestPresentation): Promise<R> {
    if (!options.confirmations) return controller.headless()
    // Recovery (the password, the cloud's consent) comes first: the user then confirms what the usable wallet signs.
    return options.confirmations.enqueue(controller, { showWalletUIs: uiOptions?.showWalletUIs, options: confirmationOptions, ready: options.connect })
  }

  function transaction(list: unknown[], signOnly: boolean, presentation: RequestPresentation): Promise<Hex> {
    const request = transactionParam(list)
    assertSender(address, request)
    return confirmed(
      ethereumTransactionConfirmation({
        context,
        request,
        chain: context.chainFor(request),
        signOnly,
        uiOptions: (presentation.uiOptions ?? {}) as TransactionUiOptions,
        sign: (prepared) => options.sign({ method: 'eth_signTransaction', params: [prepared] }) as Promise<Hex>,
        ...(presentation.sponsor && !signOnly && { sponsoredSend: (prepared) => options.sign({ method: 'eth_sendTransaction', params: [prepared], sponsor: true }) as Promise<Hex> }),
        scan: options.scan?.(),
        receiptPollMs: options.receiptPollMs,
        ...(presentation.idempotencyKey && !signOnly && { idempotency: { key: presentation.idempotencyKey, ledger: sends } }),
      }),
      presentation,
    )
  }

  async function request({ method, params }: Eip1193RequestArguments, presentation: RequestPresentation = {}): Promise<unknown> {
    const list = Array.isArray(params) ? (params as unknown[]) : []
    const uiOptions = (presentation.uiOptions ?? {}) as SignMessageUiOptions
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
        const hex = isHex(message) ? message : utf8ToHex(message)
        const sign = () => options.sign({ method: 'personal_sign', params: [hex, address] })
        return confirmed(signMessageConfirmation({ address, chainType: 'ethereum', method, message: messageText(hex), uiOptions, sign }), presentation)
      }
      case 'eth_signTypedData_v4': {
        const [, typedData] = list
        if (typedData === undefined) throw new ProviderRpcError(providerRpcErrors.invalidParams, 'Invalid params')
        const json = typeof typedData === 'string' ? typedData : JSON.stringify(typedData)
        const sign = () => options.sign({ method: 'eth_signTypedData_v4', params: [address, json] })
        return confirmed(signMessageConfirmation({ address, chainType: 'ethereum', method, message: typedDataText(json), uiOptions, sign }), presentation)
      }
      case 'eth_signTransaction':
        return transaction(list, true, presentation)
      case 'eth_sendTransaction':
        return transaction(list, false, presentation)
      case 'eth_sign':
        throw new ProviderRpcError(providerRpcErrors.unsupportedMethod, 'The method eth_sign is not supported')
      default:
        return rpc(method, list)
    }
  }

  return {
    address,
    getChainId: () => chain.id,
    request: (args) => request(args),
    requestWith: request,
    confirm: confirmed,
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

function utf8ToHex(text: string): Hex {
  return `0x${Array.from(new TextEncoder().encode(text), (byte) => byte.toString(16).padStart(2, '0')).join('')}`
}
