import { toQuantity } from '../../../transactions/prepare-ethereum-transaction.js'
import type { Eip1193RequestArguments } from '../../ethereum/eip1193.js'
import { ProviderRpcError, providerRpcErrors } from '../provider-rpc-error.js'
import { rpc, type EthereumProviderRuntime } from './runtime.js'
import { personalSign, signTypedDataV4 } from './sign-message.js'
import { switchChain } from './switch-chain.js'
import { confirmTransaction } from './transaction.js'
import type { RequestPresentation } from './types.js'

type MethodAction = (runtime: EthereumProviderRuntime, params: unknown[], presentation: RequestPresentation) => unknown

const accounts: MethodAction = ({ options }) => [options.address]

/** The methods the provider answers itself; every other one is forwarded to the chain's RPC. */
const methods: Record<string, MethodAction> = {
  eth_accounts: accounts,
  eth_requestAccounts: accounts,
  eth_chainId: ({ chain }) => toQuantity(chain.id),
  wallet_switchEthereumChain: switchChain,
  personal_sign: personalSign,
  eth_signTypedData_v4: signTypedDataV4,
  eth_signTransaction: (runtime, params, presentation) => confirmTransaction(runtime, params, presentation, true),
  eth_sendTransaction: (runtime, params, presentation) => confirmTransaction(runtime, params, presentation, false),
  eth_sign: () => {
    throw new ProviderRpcError(providerRpcErrors.unsupportedMethod, 'The method eth_sign is not supported')
  },
}

/** One EIP-1193 request, shown as the caller asks when it needs the user's confirmation. */
export async function request(
  runtime: EthereumProviderRuntime,
  { method, params }: Eip1193RequestArguments,
  presentation: RequestPresentation = {},
): Promise<unknown> {
  const list = Array.isArray(params) ? (params as unknown[]) : []
  return Object.hasOwn(methods, method) ? methods[method]!(runtime, list, presentation) : rpc(runtime, method, list)
}
