import type { WalletsApi } from '../types.js'
import type { WalletEngineDeps } from './deps.js'
import { externalClient } from './external-signature.js'
import { inFlow } from './in-flow.js'
import { signInContext } from './sign-in-context.js'
import { updateFlow } from './update-flow.js'

/** SIWE with the app's own wallet: the message for the address, carrying a server nonce. */
export function generateSiweMessage(
  deps: WalletEngineDeps,
  { address, chainId, captchaToken }: Parameters<WalletsApi['generateSiweMessage']>[0],
): Promise<string> {
  return inFlow(deps, 'generating-message', { address }, async (started) => {
    const context = signInContext(deps, started, 'siwe', { captchaToken }, externalClient({}), () => address)
    const message = await (await import('../../auth/siwe/sign-in-with-ethereum.js')).createSiweMessage(context, address, chainId)
    updateFlow(deps, started, { status: 'awaiting-signature' })
    return message
  })
}
