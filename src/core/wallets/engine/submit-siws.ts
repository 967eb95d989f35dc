import type { User } from '../../user/types.js'
import type { WalletsApi } from '../types.js'
import type { WalletEngineDeps } from './deps.js'
import { submitSignedMessage } from './submit-signed-message.js'

/** Sends a message from generateSiwsMessage with its signature: signs in, or links. */
export function submitSiws(deps: WalletEngineDeps, input: Parameters<WalletsApi['submitSiws']>[0]): Promise<User> {
  return submitSignedMessage(deps, 'siws', input, async (context, signed) =>
    (await import('../../auth/siws/sign-in-with-solana.js')).submitSiws(context, signed),
  )
}
