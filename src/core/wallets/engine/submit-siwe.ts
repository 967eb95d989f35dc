import type { User } from '../../user/types.js'
import type { WalletsApi } from '../types.js'
import type { WalletEngineDeps } from './deps.js'
import { submitSignedMessage } from './submit-signed-message.js'

/** Sends a message from generateSiweMessage with its signature: signs in, or links. */
export function submitSiwe(deps: WalletEngineDeps, input: Parameters<WalletsApi['submitSiwe']>[0]): Promise<User> {
  return submitSignedMessage(deps, 'siwe', input, async (context, signed) =>
    (await import('../../auth/siwe/sign-in-with-ethereum.js')).submitSiwe(context, signed),
  )
}
