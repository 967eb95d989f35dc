import type { User } from '../../user/types.js'
import type { WalletsApi } from '../types.js'
import { assertIntentAllowed } from './assert-intent-allowed.js'
import type { WalletEngineDeps } from './deps.js'
import { externalClient, messageAddress } from './external-signature.js'
import { inFlow } from './in-flow.js'
import { signInContext } from './sign-in-context.js'
import { updateFlow } from './update-flow.js'

/** Sends a message from generateSiwsMessage with its signature: signs in, or links. */
export function submitSiws(deps: WalletEngineDeps, input: Parameters<WalletsApi['submitSiws']>[0]): Promise<User> {
  return inFlow(deps, 'submitting-signature', { intent: input.intent ?? 'login' }, async (started) => {
    assertIntentAllowed(deps, input.intent ?? 'login')
    const context = signInContext(deps, started, 'siws', input, externalClient(input), () => messageAddress(input.message))
    const user = await (await import('../../auth/siws/sign-in-with-solana.js')).submitSiws(context, input)
    updateFlow(deps, started, { status: 'done' })
    return user
  })
}
