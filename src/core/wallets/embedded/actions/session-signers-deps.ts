import { frameNotInitializedError } from '../../../errors/embedded-wallet-errors.js'
import type { delegatedActions } from '../delegated-actions.js'
import type { SessionSignersDeps } from '../session-signers.js'
import type { EmbeddedWalletsContext } from '../state.js'
import { generateAuthorizationSignature } from './generate-authorization-signature.js'

/** What session signers need; refused when the host gave no wallet API. */
export function sessionSignersDeps(context: EmbeddedWalletsContext, delegation: ReturnType<typeof delegatedActions>): SessionSignersDeps {
  const { deps } = context
  if (!deps.walletApi) throw frameNotInitializedError()
  return {
    ...deps.walletApi,
    appId: deps.appId,
    wallets: () => deps.state.get().wallets,
    now: Date.now,
    sign: (request) => generateAuthorizationSignature(context, request),
    delegate: delegation.delegateWallet,
    revoke: delegation.revokeWallets,
  }
}
