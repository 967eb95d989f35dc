import { httpUrl, keep, optionalText, readFlagFile, switchFlag, textFlag, UsageError, type CliFlagValues } from '../../apps/cli-flag-parsing.js'
import type { AppInput, AppRecord } from '../../apps/types.js'
import type { LoginMethodCliFlags } from '../login-method.js'
import type { CustomJwtSettings } from './settings.js'

const options = {
  'custom-jwt-jwks-url': textFlag,
  'custom-jwt-public-key-file': textFlag,
  'custom-jwt-issuer': textFlag,
  'custom-jwt-audience': textFlag,
  'custom-jwt-user-id-claim': textFlag,
  'remove-custom-jwt': switchFlag,
} as const

function customJwtInput(values: CliFlagValues<typeof options>, current: AppRecord, cwd: string): AppInput['customJwt'] {
  const jwksUrl = values['custom-jwt-jwks-url']
  const keyFile = values['custom-jwt-public-key-file']
  const given = [jwksUrl, keyFile, values['custom-jwt-issuer'], values['custom-jwt-audience'], values['custom-jwt-user-id-claim']].some((v) => v !== undefined)
  if (values['remove-custom-jwt']) {
    if (given) throw new UsageError('--remove-custom-jwt cannot be combined with other --custom-jwt-* flags')
    return null
  }
  if (!given) return undefined
  if (jwksUrl !== undefined && keyFile !== undefined) throw new UsageError('Give one of --custom-jwt-jwks-url or --custom-jwt-public-key-file')
  const jwt: CustomJwtSettings = current.customJwt ?? { jwksUrl: null, publicKeyPem: null, issuer: null, audience: null, userIdClaim: 'sub' }
  return {
    // A new key source replaces the other one.
    jwksUrl: keyFile !== undefined ? null : jwksUrl !== undefined ? httpUrl('custom-jwt-jwks-url', jwksUrl) : jwt.jwksUrl,
    publicKeyPem: jwksUrl !== undefined ? null : keyFile !== undefined ? readFlagFile('custom-jwt-public-key-file', keyFile, cwd) : jwt.publicKeyPem,
    issuer: keep(optionalText(values['custom-jwt-issuer']), jwt.issuer),
    audience: keep(optionalText(values['custom-jwt-audience']), jwt.audience),
    userIdClaim: values['custom-jwt-user-id-claim'] || jwt.userIdClaim,
  }
}

export const customAuthCliFlags: LoginMethodCliFlags<typeof options> = {
  usage: `  --custom-jwt-jwks-url <url> | --custom-jwt-public-key-file <pem file>, --custom-jwt-issuer <iss>,
  --custom-jwt-audience <aud>, --custom-jwt-user-id-claim <claim> (default sub), --remove-custom-jwt`,
  options,
  toInput: (values, current, { cwd }) => ({ customJwt: customJwtInput(values, current, cwd) }),
}
