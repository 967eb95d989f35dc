/**
 * Passkeys on the wire speak snake_case, both ways: the init answers' WebAuthn options (`pub_key_cred_params`,
 * `allow_credentials`, ...) and the authenticator's answer (wallet spec, "Entities and their fields": "Passkey assertion payload": `raw_id`,
 * `response.client_data_json`, ...), as the reference clients read and send them. WebAuthn libraries speak
 * camelCase, so each side renames at its edge through this one table.
 */
const camelToWire: Record<string, string> = {
  // Creation and request options.
  displayName: 'display_name',
  pubKeyCredParams: 'pub_key_cred_params',
  excludeCredentials: 'exclude_credentials',
  authenticatorSelection: 'authenticator_selection',
  userVerification: 'user_verification',
  requireResidentKey: 'require_resident_key',
  residentKey: 'resident_key',
  rpId: 'rp_id',
  allowCredentials: 'allow_credentials',
  // The authenticator's answer.
  rawId: 'raw_id',
  clientDataJSON: 'client_data_json',
  attestationObject: 'attestation_object',
  authenticatorData: 'authenticator_data',
  userHandle: 'user_handle',
  publicKey: 'public_key',
  publicKeyAlgorithm: 'public_key_algorithm',
  authenticatorAttachment: 'authenticator_attachment',
  clientExtensionResults: 'client_extension_results',
  // Extensions, in both.
  appid: 'app_id',
  credProps: 'cred_props',
  hmacCreateSecret: 'hmac_create_secret',
}
const wireToCamel = Object.fromEntries(Object.entries(camelToWire).map(([camel, wire]) => [wire, camel]))

function rename(value: unknown, names: Record<string, string>): unknown {
  if (Array.isArray(value)) return value.map((item) => rename(item, names))
  if (typeof value !== 'object' || value === null) return value
  const renamed: Record<string, unknown> = {}
  for (const [key, inner] of Object.entries(value)) {
    // Absent optional fields are left out, as the reference client leaves them undefined.
    if (inner !== undefined && inner !== null) renamed[names[key] ?? key] = rename(inner, names)
  }
  return renamed
}

/** WebAuthn JSON (options or an authenticator's answer) in the wire's snake_case. */
export const toPasskeyWire = <T>(json: T): Record<string, unknown> => rename(json, camelToWire) as Record<string, unknown>

/** The wire's snake_case back in the camelCase WebAuthn libraries use; camelCase input passes through unchanged. */
export const fromPasskeyWire = <T>(json: unknown): T => rename(json, wireToCamel) as T
