import type { WalletSignInContext } from '../../auth/siwe/context.js'
import type { User } from '../../user/types.js'
import type { WalletSignInOptions } from '../types.js'
import { assertIntentAllowed } from './assert-intent-allowed.js'
import type { WalletEngineDeps } from './deps.js'
import { externalClient, messageAddress } from './external-signature.js'
import { inFlow } from './in-flow.js'
import { signInContext, type SignInMethod } from './sign-in-context.js'
import { updateFlow } from './update-flow.js'

type SignedMessage = WalletSignInOptions & { message: string; signature: string; walletClientType?: string; connectorType?: string }

/** Sends a SIWE or SIWS message with its signature through `submit` (the method's lazily loaded code): signs in, or links. */
export function submitSignedMessage<I extends SignedMessage>(
  deps: WalletEngineDeps,
  method: SignInMethod,
  input: I,
  submit: (context: WalletSignInContext, input: I) => Promise<User>,
): Promise<User> {
  return inFlow(deps, 'submitting-signature', { intent: input.intent ?? 'login' }, async (started) => {
    assertIntentAllowed(deps, input.intent ?? 'login')
    const user = await submit(
      signInContext(deps, started, method, input, externalClient(input), () => messageAddress(input.message)),
      input,
    )
    updateFlow(deps, started, { status: 'done' })
    return user
  })
}
