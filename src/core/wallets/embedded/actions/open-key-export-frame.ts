import type { MfaSubmission } from '../../../../protocol/index.js'
import { embeddedWalletNotFoundError, frameError, frameNotInitializedError } from '../../../errors/embedded-wallet-errors.js'
import { keyExportFrame } from '../key-export-frame.js'
import type { EmbeddedWalletsContext } from '../state.js'
import type { KeyExportFrame } from '../types.js'
import { ensureConnected } from './ensure-connected.js'

/** The export frame opens the wallet with this device's share: connect (or recover) first, as a signature would. */
export async function openKeyExportFrame(context: EmbeddedWalletsContext, { address }: { address: string }): Promise<KeyExportFrame> {
  const { deps } = context
  const wallet = deps.state.get().wallets.find((candidate) => candidate.address.toLowerCase() === String(address).toLowerCase())
  if (!wallet) throw embeddedWalletNotFoundError()
  if (!deps.page) throw frameNotInitializedError()
  await ensureConnected(context, wallet)
  const askMfa = (mfa?: MfaSubmission) => (mfa ? Promise.resolve(mfa) : Promise.reject(frameError('missing_or_invalid_mfa', 'MFA verification required')))
  return keyExportFrame({
    apiUrl: deps.apiUrl(),
    appId: deps.appId,
    clientId: deps.clientId,
    wallet,
    window: deps.page.window,
    getAccessToken: deps.getAccessToken,
    answerMfa: () => (deps.withMfa ? deps.withMfa(askMfa) : Promise.resolve(undefined)),
    sendAnalyticsEvent: deps.sendAnalyticsEvent,
  })
}
