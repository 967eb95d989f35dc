import type { WalletsApi } from '../types.js'
import type { WalletEngineDeps } from './deps.js'
import { externalClient } from './external-signature.js'
import { inFlow } from './in-flow.js'
import { signInContext } from './sign-in-context.js'
import { updateFlow } from './update-flow.js'

/** SIWS with the app's own wallet: the message for the address, carrying a server nonce. */
export function generateSiwsMessage(deps: WalletEngineDeps, { address, captchaToken }: Parameters<WalletsApi['generateSiwsMessage']>[0]): Promise<string> {
  return inFlow(deps, 'generating-message', { address }, async (started) => {
    const context = signInContext(deps, started, 'siws', { captchaToken }, externalClient({}), () => address)
    const message = await (await import('../../auth/siws/sign-in-with-solana.js')).createSiwsMessage(context, address)
    updateFlow(deps, started, { status: 'awaiting-signature' })
    return message
  })
}
