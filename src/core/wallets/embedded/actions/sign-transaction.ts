import type { EmbeddedWalletsContext } from '../state.js'
import type { EmbeddedWalletsApi } from '../types.js'
import { asTransactionFailure } from './as-transaction-failure.js'
import { getEthereumProvider } from './get-ethereum-provider.js'

type Params = Parameters<EmbeddedWalletsApi['signTransaction']>

/** `eth_signTransaction` through the wallet's provider (and its confirmation). */
export async function signTransaction(
  context: EmbeddedWalletsContext,
  { transaction, address, uiOptions }: Params[0],
  options?: Params[1],
): Promise<{ signature: string }> {
  const provider = await getEthereumProvider(context, address)
  return {
    signature: (await provider
      .requestWith({ method: 'eth_signTransaction', params: [transaction] }, { uiOptions, options })
      .catch(asTransactionFailure)) as string,
  }
}
