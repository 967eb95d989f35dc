/**
 * A connected Ethereum wallet moves to a chain (wallet spec, "Entities and their fields"): `wallet_switchEthereumChain`, and for a chain the
 * wallet does not know (4902) `wallet_addEthereumChain` from the app's chain table, then the switch again. Answers
 * the chain the wallet reports afterwards.
 */
import type { Chain } from '../../chains/chain.js'
import { unsupportedChainError } from '../errors.js'
import { withTimeout } from '../with-timeout.js'
import { readChainId, switchEthereumChain } from './connect-ethereum.js'
import type { Eip1193Provider } from './eip1193.js'

export interface SwitchWalletChainDeps {
  provider: Eip1193Provider
  /** The app's chains (its own before the built-ins). */
  chains: readonly Chain[]
  timeoutMs: number
}

export async function switchWalletChain(deps: SwitchWalletChainDeps, chainId: number): Promise<number> {
  if (!Number.isSafeInteger(chainId) || chainId <= 0) throw unsupportedChainError(chainId)
  const current = await withTimeout(readChainId(deps.provider), deps.timeoutMs)
  if (current === chainId) return current
  await withTimeout(switchEthereumChain(deps.provider, chainId, { chains: deps.chains }), deps.timeoutMs)
  const reported = await withTimeout(readChainId(deps.provider), deps.timeoutMs)
  // A wallet that answers the switch yet stays elsewhere would send on the wrong chain.
  if (reported !== chainId) throw new Error(`The wallet stayed on chain ${reported}`)
  return reported
}
