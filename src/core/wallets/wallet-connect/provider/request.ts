import { providerErrorCodes, type Eip1193RequestArguments } from '../../ethereum/eip1193.js'
import { pair } from './pair.js'
import { providerError, type ProviderRuntime } from './runtime.js'
import { switchChain } from './switch-chain.js'

/** EIP-1193 `request`: accounts and the chain answer here, anything else goes to the wallet over the session. */
export async function request(runtime: ProviderRuntime, { method, params }: Eip1193RequestArguments): Promise<unknown> {
  const connected = runtime.state === 'connected'
  switch (method) {
    case 'eth_requestAccounts':
      return connected ? runtime.accounts : pair(runtime)
    case 'eth_accounts':
      return connected ? runtime.accounts : []
    case 'eth_chainId':
      return `0x${runtime.chainId.toString(16)}`
    case 'wallet_switchEthereumChain':
      return switchChain(runtime, params)
    default:
      if (!connected) throw providerError(providerErrorCodes.disconnected, 'WalletConnect session is not connected')
      return runtime.options.session.request(`eip155:${runtime.chainId}`, method, params)
  }
}
