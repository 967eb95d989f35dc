import { optionalText, parseBoolean, textFlag, UsageError } from '../../apps/cli-flag-parsing.js'
import type { LoginMethodCliFlags } from '../login-method.js'
import { PASSKEY_RP_ID } from './settings.js'

const options = { 'passkey-rp-id': textFlag, 'passkeys-for-signup': textFlag, 'passkey-require-uv': textFlag } as const

/** A WebAuthn RP ID is a bare host name ('' clears it). */
function passkeyRpIdInput(value: string | undefined): string | null | undefined {
  const rpId = optionalText(value)
  if (rpId && !PASSKEY_RP_ID.test(rpId)) throw new UsageError(`--passkey-rp-id: '${rpId}' is not a host name`)
  return rpId
}

export const passkeyCliFlags: LoginMethodCliFlags<typeof options> = {
  usage: `  --passkey-rp-id <host> (WebAuthn RP ID; '' clears: the caller's origin host), --passkeys-for-signup[=false],
  --passkey-require-uv[=false] (passkeys must verify the user, not only their presence)`,
  options,
  booleans: ['passkeys-for-signup', 'passkey-require-uv'],
  toInput: (values) => ({
    passkeyRpId: passkeyRpIdInput(values['passkey-rp-id']),
    passkeysForSignup: parseBoolean('passkeys-for-signup', values['passkeys-for-signup']),
    passkeyRequireUserVerification: parseBoolean('passkey-require-uv', values['passkey-require-uv']),
  }),
}
