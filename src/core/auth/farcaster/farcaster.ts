/** `client.farcaster` past the first load: the sign-in flow and the signer request load together on the first call. */
import type { FarcasterActions } from './types.js'
import { createFarcasterFlow, type FarcasterFlowOptions } from './flow.js'
import { createFarcasterSigner, type FarcasterSignerOptions } from './signer.js'
import { createFarcasterV2 } from './v2.js'

export type FarcasterOptions = FarcasterFlowOptions & Pick<FarcasterSignerOptions, 'refreshUser' | 'embeddedWallets'>

export function createFarcaster(options: FarcasterOptions): FarcasterActions {
  const { transport, isAuthenticated, refreshUser, embeddedWallets } = options
  const { requestSigner } = createFarcasterSigner({ transport, isAuthenticated, refreshUser, embeddedWallets })
  return { ...createFarcasterFlow(options), requestSigner, ...createFarcasterV2(options) }
}
