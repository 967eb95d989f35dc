/** The MFA calls the client makes itself (wallet spec, "The calls it makes"): the SMS send and the passkey challenge; every check runs in the wallet frame. */
import { fromPasskeyWire, mfaRoutes, toPasskeyWire, type MfaSubmission } from '../../protocol/index.js'
import type { Transport } from '../api/transport.js'
import type { PasskeyCeremony } from '../auth/passkey/ceremony.js'

/** Sends a code to the user's enrolled MFA phone. */
export async function sendMfaSmsCode(transport: Transport): Promise<void> {
  await transport.request(mfaRoutes.smsInit, { body: { action: 'verify' }, auth: true })
}

/** The server's challenge, answered by the user's passkey in this page; the assertion leaves in the wire's snake_case. */
export async function passkeyAssertion(transport: Transport, ceremony: PasskeyCeremony): Promise<Extract<MfaSubmission, { method: 'passkey' }>> {
  const { options } = await transport.request(mfaRoutes.passkeyInit, { body: {}, auth: true })
  const response = await ceremony.get(fromPasskeyWire(options))
  return { method: 'passkey', authenticatorResponse: toPasskeyWire(response) }
}
