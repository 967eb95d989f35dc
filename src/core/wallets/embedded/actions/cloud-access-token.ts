import type { CloudRecoveryProvider } from '../../../../protocol/index.js'
import { unsupportedRecoveryActionError } from '../../../errors/embedded-wallet-errors.js'
import type { EmbeddedWalletsContext } from '../state.js'

/** The token of a cloud provider; without a provider leg (tests, outside a browser) cloud methods are unsupported. */
export const cloudAccessToken = ({ deps }: EmbeddedWalletsContext, provider: CloudRecoveryProvider) =>
  deps.cloudAccessToken?.(provider) ?? Promise.reject(unsupportedRecoveryActionError())
