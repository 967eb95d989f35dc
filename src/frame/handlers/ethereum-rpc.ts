/** The Ethereum methods the frame signs with a derived account (wallet spec, "The calls it makes"); the host broadcasts and reads. */
import type { TransactionSerializable } from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'
import type { EthereumFrameRequest, FrameTransactionRequest } from '../../protocol/index.js'
import { sameAddress } from '../../protocol/same-address.js'
import { FrameError } from '../errors.js'

const invalid = (what: string) => new FrameError('invalid_request_arguments', `Invalid ${what}`)
const isHex = (value: unknown): value is `0x${string}` => typeof value === 'string' && /^0x[0-9a-fA-F]*$/.test(value)

function quantity(value: unknown, name: string): bigint {
  if (!isHex(value) || value.length < 3 || value.length > 66) throw invalid(name)
  return BigInt(value)
}
const optionalQuantity = (value: unknown, name: string) => (value === undefined || value === null ? undefined : quantity(value, name))

function requireOwnAddress(account: PrivateKeyAccount, address: unknown): void {
  if (typeof address !== 'string' || !sameAddress('ethereum', address, account.address)) throw invalid('address: it is not this wallet')
}

/** JSON-RPC's hex quantities to viem's serializable transaction, for the three types the spec names. */
function toSerializable(request: FrameTransactionRequest): TransactionSerializable {
  if (typeof request !== 'object' || request === null) throw invalid('transaction')
  const { type, chainId, nonce, to, data, accessList } = request
  if (!Number.isSafeInteger(chainId) || chainId <= 0) throw invalid('chainId')
  if (!Number.isSafeInteger(nonce) || nonce < 0) throw invalid('nonce')
  if (to !== undefined && to !== null && (!isHex(to) || to.length !== 42)) throw invalid('to')
  if (data !== undefined && !isHex(data)) throw invalid('data')
  const common = { chainId, nonce, to: to ?? null, data, value: optionalQuantity(request.value, 'value'), gas: quantity(request.gas, 'gas') }
  if (type === 'legacy') return { ...common, type, gasPrice: quantity(request.gasPrice, 'gasPrice') }
  if (type === 'eip2930') return { ...common, type, gasPrice: quantity(request.gasPrice, 'gasPrice'), accessList: accessList ?? [] }
  if (type === 'eip1559') {
    return {
      ...common,
      type,
      accessList: accessList ?? [],
      maxFeePerGas: quantity(request.maxFeePerGas, 'maxFeePerGas'),
      maxPriorityFeePerGas: quantity(request.maxPriorityFeePerGas, 'maxPriorityFeePerGas'),
    }
  }
  throw new FrameError('invalid_request_arguments', 'Unsupported transaction type')
}

function typedDataOf(json: unknown) {
  try {
    const parsed = typeof json === 'string' ? JSON.parse(json) : json
    if (typeof parsed !== 'object' || parsed === null || typeof parsed.primaryType !== 'string' || typeof parsed.types !== 'object') throw invalid('typed data')
    return parsed
  } catch {
    throw invalid('typed data')
  }
}

export async function signEthereumRequest(account: PrivateKeyAccount, request: EthereumFrameRequest): Promise<string> {
  const params = Array.isArray(request.params) ? request.params : []
  switch (request.method) {
    case 'personal_sign': {
      const [message, address] = params as unknown[]
      requireOwnAddress(account, address)
      if (typeof message !== 'string') throw invalid('message')
      // Hex is the bytes to sign (EIP-1193); anything else is signed as UTF-8 text, as wallets do.
      return account.signMessage({ message: isHex(message) ? { raw: message } : message })
    }
    case 'eth_signTypedData_v4': {
      const [address, json] = params as unknown[]
      requireOwnAddress(account, address)
      return account.signTypedData(typedDataOf(json))
    }
    case 'eth_signTransaction':
      return account.signTransaction(toSerializable(params[0] as FrameTransactionRequest))
    case 'secp256k1_sign': {
      const [hash] = params as unknown[]
      if (!isHex(hash) || hash.length !== 66) throw invalid('hash')
      return account.sign({ hash })
    }
    default:
      throw new FrameError('invalid_request_arguments', `Unsupported method ${String((request as { method?: unknown }).method).slice(0, 60)}`)
  }
}
