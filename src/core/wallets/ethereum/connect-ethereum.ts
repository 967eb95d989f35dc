/**
 * Connecting an EIP-1193 wallet (wallet spec, "States and transitions": "External wallet connection"): accounts, then the chain, switched when
 * asked for (4902 → add the chain, then switch again). A request the wallet already has pending (-32002) keeps
 * the caller waiting: its accounts are polled until they appear or the request times out.
 */
import type { Chain } from '../../chains/chain.js'
import { unableToRetrieveAddressError, unsupportedChainError, walletTimedOutError } from '../errors.js'
import type { AddEthereumChainParameter } from '../types.js'
import { withTimeout } from '../with-timeout.js'
import { addChainParameter } from './chains.js'
import { providerErrorCode, providerErrorCodes, type Eip1193Provider } from './eip1193.js'

export interface EthereumConnectOptions {
  chainId?: number
  /** For a chain the built-in table lacks. */
  addChain?: AddEthereumChainParameter
  /** The app's chain table, searched before the built-in one for a chain the wallet must add. */
  chains?: readonly Chain[]
  timeoutMs: number
  pollIntervalMs: number
  onPendingRequest(): void
  onSwitchingChain(): void
}

export interface EthereumAccount {
  address: string
  chainId: number
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const firstAccount = (accounts: unknown): string | null => (Array.isArray(accounts) && typeof accounts[0] === 'string' ? accounts[0] : null)

export async function readChainId(provider: Eip1193Provider): Promise<number> {
  const chainId = await provider.request({ method: 'eth_chainId' })
  const parsed = typeof chainId === 'number' ? chainId : Number.parseInt(String(chainId), String(chainId).startsWith('0x') ? 16 : 10)
  if (!Number.isSafeInteger(parsed) || parsed <= 0) throw new Error('Unable to retrieve chain')
  return parsed
}

/** Asks for the accounts; while an earlier request is pending in the wallet, polls `eth_accounts` instead. */
async function requestAccounts(provider: Eip1193Provider, options: EthereumConnectOptions): Promise<string> {
  const deadline = Date.now() + options.timeoutMs
  try {
    const address = firstAccount(await withTimeout(provider.request({ method: 'eth_requestAccounts' }), options.timeoutMs))
    if (!address) throw unableToRetrieveAddressError()
    return address
  } catch (error) {
    if (providerErrorCode(error) !== providerErrorCodes.requestPending) throw error
    options.onPendingRequest()
    while (Date.now() < deadline) {
      await sleep(options.pollIntervalMs)
      const address = firstAccount(await provider.request({ method: 'eth_accounts' }))
      if (address) return address
    }
    throw walletTimedOutError(error)
  }
}

export async function switchEthereumChain(
  provider: Eip1193Provider,
  chainId: number,
  known: Pick<EthereumConnectOptions, 'addChain' | 'chains'> = {},
): Promise<void> {
  const switchChain = () => provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: `0x${chainId.toString(16)}` }] })
  try {
    await switchChain()
  } catch (error) {
    if (providerErrorCode(error) !== providerErrorCodes.unrecognizedChain) throw error
    const parameter = known.addChain ?? addChainParameter(chainId, known.chains)
    if (!parameter) throw unsupportedChainError(chainId)
    await provider.request({ method: 'wallet_addEthereumChain', params: [parameter] })
    await switchChain()
  }
}

export async function connectEthereum(provider: Eip1193Provider, options: EthereumConnectOptions): Promise<EthereumAccount> {
  const address = await requestAccounts(provider, options)
  let chainId = await withTimeout(readChainId(provider), options.timeoutMs)
  if (options.chainId && options.chainId !== chainId) {
    options.onSwitchingChain()
    await withTimeout(switchEthereumChain(provider, options.chainId, options), options.timeoutMs)
    chainId = await withTimeout(readChainId(provider), options.timeoutMs)
  }
  return { address, chainId }
}
