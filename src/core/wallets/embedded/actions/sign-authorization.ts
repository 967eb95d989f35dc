import type { EmbeddedWalletsContext } from '../state.js'
import type { EmbeddedWalletsApi } from '../types.js'
import { getEthereumProvider } from './get-ethereum-provider.js'
import { signWithEthereumWallet } from './sign-with-ethereum-wallet.js'
import { findWallet } from './wallet-lookup.js'

/** An EIP-7702 authorization signed by the wallet; the signing code loads on first use. */
export async function signAuthorization(context: EmbeddedWalletsContext, { address, ...input }: Parameters<EmbeddedWalletsApi['signAuthorization']>[0]) {
  const provider = await getEthereumProvider(context, address)
  const { signAuthorization: sign } = await import('../sign-authorization.js')
  return sign({ provider, sign: (request) => signWithEthereumWallet(context, findWallet(context, 'ethereum', provider.address), request) }, input)
}
