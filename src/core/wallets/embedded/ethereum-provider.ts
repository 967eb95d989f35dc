/**
 * The EIP-1193 provider of one embedded Ethereum wallet: accounts and chain are answered here, signing goes to the
 * wallet frame, transactions are completed (nonce, gas, fees by the sign-in spec, "Business constants and limits") from the chain's RPC and broadcast
 * there, and every other method is forwarded to that RPC. Signing and sending pass the confirmation gate: with
 * wallet UIs on, the request waits in the confirmation queue for the user's approval (funding spec, "Screens and routes", "Entities and their fields" and "States and transitions").
 * The methods are in ./ethereum-provider, one action per file over the shared runtime (./ethereum-provider/runtime.ts).
 */
import { confirm } from './ethereum-provider/confirm.js'
import { addListener, removeListener } from './ethereum-provider/listeners.js'
import { request } from './ethereum-provider/request.js'
import { createEthereumProviderRuntime } from './ethereum-provider/runtime.js'
import type { EmbeddedEthereumProviderImpl, EmbeddedEthereumProviderOptions } from './ethereum-provider/types.js'

export type { EmbeddedEthereumProviderImpl, EmbeddedEthereumProviderOptions, RequestPresentation } from './ethereum-provider/types.js'

export async function createEmbeddedEthereumProvider(options: EmbeddedEthereumProviderOptions): Promise<EmbeddedEthereumProviderImpl> {
  const runtime = await createEthereumProviderRuntime(options)
  return {
    address: options.address,
    getChainId: () => runtime.chain.id,
    request: (args) => request(runtime, args),
    requestWith: (args, presentation) => request(runtime, args, presentation),
    confirm: (controller, presentation) => confirm(runtime, controller, presentation),
    on: (event, listener) => addListener(runtime, event, listener),
    removeListener: (event, listener) => removeListener(runtime, event, listener),
  }
}
