import { utf8ToHex } from '../hex.js'
import type { EmbeddedWalletsContext } from '../state.js'
import type { EmbeddedWalletsApi } from '../types.js'
import { getEthereumProvider } from './get-ethereum-provider.js'

type Params = Parameters<EmbeddedWalletsApi['signMessage']>

/** `personal_sign` of the message's UTF-8 bytes, through the wallet's provider (and its confirmation). */
export async function signMessage(
  context: EmbeddedWalletsContext,
  { message, address, uiOptions }: Params[0],
  options?: Params[1],
): Promise<{ signature: string }> {
  const provider = await getEthereumProvider(context, address)
  return {
    signature: (await provider.requestWith({ method: 'personal_sign', params: [utf8ToHex(message), provider.address] }, { uiOptions, options })) as string,
  }
}
