import { createPrivateKey, createPublicKey } from 'node:crypto'
import { oauthProviders } from '../../../src/protocol/index.js'
import { fundingSettingProblems } from '../funding/funding-setting-problems.js'
import type { AppInput, AppRecord } from './types.js'

const parses = (parse: () => unknown) => {
  try {
    parse()
    return true
  } catch {
    return false
  }
}

/**
 * A custom JWT checked without both `iss` and `aud` accepts any token its key set signed: with a shared key set (a
 * hosted identity provider's) another tenant's users would sign in here. Refused; a dev-mode config file only warns.
 */
export function customJwtClaimProblems(jwt: AppRecord['customJwt'] | undefined): string[] {
  return jwt && (!jwt.issuer || !jwt.audience) ? ['custom JWT needs an issuer and an audience (--custom-jwt-issuer, --custom-jwt-audience)'] : []
}

/** Settings that cannot work as given (refused by the CLI and the config file). Checks only the fields present. */
export function settingProblems(input: AppInput): string[] {
  const problems: string[] = []
  const captcha = input.captcha
  if (captcha?.provider === 'turnstile' && (!captcha.siteKey || !captcha.secretKey)) problems.push('Turnstile needs a site key and a secret key')
  const jwt = input.customJwt
  if (jwt) {
    if ((jwt.jwksUrl === null) === (jwt.publicKeyPem === null)) problems.push('custom JWT needs exactly one of a JWKS URL or a public key')
    if (jwt.publicKeyPem !== null && !parses(() => createPublicKey(jwt.publicKeyPem!))) problems.push('the custom JWT public key is not a PEM public key')
    if (!jwt.userIdClaim) problems.push('the custom JWT user-id claim cannot be empty')
    problems.push(...customJwtClaimProblems(jwt))
  }
  for (const [provider, settings] of Object.entries(input.oauthProviders ?? {})) {
    if (!settings.clientId) problems.push(`OAuth ${provider} needs a client id`)
    if (settings.apple && !parses(() => createPrivateKey(settings.apple!.privateKeyPem)))
      problems.push(`OAuth ${provider}: the Apple private key is not a PEM private key`)
    if (provider === 'apple' && !settings.clientSecret && !settings.apple)
      problems.push('OAuth apple needs a client secret or a team id, key id and private key')
  }
  if (input.funding) problems.push(...fundingSettingProblems(input.funding, input.chains ?? []))
  return problems
}

/** Enabled login methods that are not configured yet: sign-in with them fails until they are. */
export function settingWarnings(app: AppRecord): string[] {
  const warnings: string[] = []
  for (const provider of oauthProviders) {
    if (app.loginMethods.includes(provider) && !app.oauthProviders[provider])
      warnings.push(`${provider} login is on but has no OAuth client (--oauth ${provider}:client-id=...,client-secret=...)`)
  }
  if (app.loginMethods.includes('custom_jwt') && !app.customJwt)
    warnings.push('custom_jwt login is on but no JWKS URL or public key is set (--custom-jwt-jwks-url or --custom-jwt-public-key-file)')
  if (app.loginMethods.some((m) => oauthProviders.includes(m as never)) && app.oauthRedirectUrls.length === 0)
    warnings.push('OAuth login is on but no redirect URL is allowed (--redirect-url)')
  return warnings
}
