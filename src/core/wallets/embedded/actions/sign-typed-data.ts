import { typedDataJson } from '../../../transactions/sign-message-confirmation.js'
import type { EmbeddedWalletsContext } from '../state.js'
import type { EmbeddedWalletsApi } from '../types.js'
import { getEthereumProvider } from './get-ethereum-provider.js'

type Params = Parameters<EmbeddedWalletsApi['signTypedData']>

/** `eth_signTypedData_v4` through the wallet's provider (and its confirmation). */
export async function signTypedData(
  context: EmbeddedWalletsContext,
  { typedData, address, uiOptions }: Params[0],
  options?: Params[1],
): Promise<{ signature: string }> {
  const provider = await getEthereumProvider(context, address)
  const json = typedDataJson(typedData)
  return { signature: (await provider.requestWith({ method: 'eth_signTypedData_v4', params: [provider.address, json] }, { uiOptions, options })) as string }
}
