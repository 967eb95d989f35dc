import type { OAuthProvider } from '../../../../src/protocol/index.js'
import type { AppRecord } from '../../apps/types.js'
import type { OAuthProviderSettings } from './settings.js'
import { ApiError } from '../../http/api-error.js'

/** How long one request to a provider (token, user API) may take. */
export const PROVIDER_TIMEOUT_MS = 10_000

/** How Tessera talks to one provider; every endpoint, the issuer and the scopes can be overridden per app. */
export interface ProviderDefinition {
  /** OpenID providers prove the user with a validated ID token; the others through their user API. */
  identity: 'id_token' | 'user_api'
  authorizationEndpoint: string
  tokenEndpoint: string
  userInfoEndpoint?: string
  /** Expected `iss` of ID tokens and of the callback's `iss` parameter. */
  issuer?: string
  jwksUri?: string
  scopes: string[]
  /** Whether the provider takes a PKCE S256 challenge on its own leg. */
  pkce: boolean
  /** Token-request client authentication: HTTP Basic, or id and secret in the form body. */
  clientAuth: 'basic' | 'post'
  /** TikTok names the client id `client_key` and separates scopes with commas. */
  clientIdParam?: 'client_key'
  scopeSeparator?: ','
  extraAuthorizationParams?: Record<string, string>
  /** LINE web login signs ID tokens with HS256 and the channel secret (OpenID Connect Core §10.1). */
  symmetricIdToken?: boolean
  /** GitHub: the verified addresses live beside the user API, at `<userInfoEndpoint>/emails`. */
  emailsPath?: string
}

export const providerDefinitions: Record<OAuthProvider, ProviderDefinition> = {
  google: {
    identity: 'id_token',
    authorizationEndpoint: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenEndpoint: 'https://oauth2.googleapis.com/token',
    issuer: 'https://accounts.google.com',
    jwksUri: 'https://www.googleapis.com/oauth2/v3/certs',
    scopes: ['openid', 'email', 'profile'],
    pkce: true,
    clientAuth: 'basic',
  },
  apple: {
    identity: 'id_token',
    authorizationEndpoint: 'https://appleid.apple.com/auth/authorize',
    tokenEndpoint: 'https://appleid.apple.com/auth/token',
    issuer: 'https://appleid.apple.com',
    jwksUri: 'https://appleid.apple.com/auth/keys',
    scopes: ['name', 'email'],
    pkce: false,
    clientAuth: 'post',
    // Apple requires form_post when scopes are requested: the callback also accepts POST.
    extraAuthorizationParams: { response_mode: 'form_post' },
  },
  line: {
    identity: 'id_token',
    authorizationEndpoint: 'https://access.line.me/oauth2/v2.1/authorize',
    tokenEndpoint: 'https://api.line.me/oauth2/v2.1/token',
    issuer: 'https://access.line.me',
    jwksUri: 'https://api.line.me/oauth2/v2.1/certs',
    scopes: ['openid', 'profile', 'email'],
    pkce: true,
    clientAuth: 'post',
    symmetricIdToken: true,
  },
  linkedin: {
    identity: 'id_token',
    authorizationEndpoint: 'https://www.linkedin.com/oauth/v2/authorization',
    tokenEndpoint: 'https://www.linkedin.com/oauth/v2/accessToken',
    issuer: 'https://www.linkedin.com/oauth',
    jwksUri: 'https://www.linkedin.com/oauth/openid/jwks',
    scopes: ['openid', 'profile', 'email'],
    pkce: false,
    clientAuth: 'post',
  },
  twitter: {
    identity: 'user_api',
    authorizationEndpoint: 'https://x.com/i/oauth2/authorize',
    tokenEndpoint: 'https://api.x.com/2/oauth2/token',
    userInfoEndpoint: 'https://api.x.com/2/users/me?user.fields=profile_image_url',
    scopes: ['users.read', 'tweet.read', 'offline.access'],
    pkce: true,
    clientAuth: 'basic',
  },
  discord: {
    identity: 'user_api',
    authorizationEndpoint: 'https://discord.com/oauth2/authorize',
    tokenEndpoint: 'https://discord.com/api/oauth2/token',
    userInfoEndpoint: 'https://discord.com/api/users/@me',
    scopes: ['identify', 'email'],
    pkce: true,
    clientAuth: 'basic',
  },
  github: {
    identity: 'user_api',
    authorizationEndpoint: 'https://github.com/login/oauth/authorize',
    tokenEndpoint: 'https://github.com/login/oauth/access_token',
    userInfoEndpoint: 'https://api.github.com/user',
    scopes: ['read:user', 'user:email'],
    pkce: true,
    clientAuth: 'basic',
    emailsPath: '/emails',
  },
  spotify: {
    identity: 'user_api',
    authorizationEndpoint: 'https://accounts.spotify.com/authorize',
    tokenEndpoint: 'https://accounts.spotify.com/api/token',
    userInfoEndpoint: 'https://api.spotify.com/v1/me',
    scopes: ['user-read-email', 'user-read-private'],
    pkce: true,
    clientAuth: 'basic',
  },
  instagram: {
    identity: 'user_api',
    authorizationEndpoint: 'https://www.instagram.com/oauth/authorize',
    tokenEndpoint: 'https://api.instagram.com/oauth/access_token',
    userInfoEndpoint: 'https://graph.instagram.com/me?fields=id,username',
    scopes: ['instagram_business_basic'],
    pkce: false,
    clientAuth: 'post',
  },
  tiktok: {
    identity: 'user_api',
    authorizationEndpoint: 'https://www.tiktok.com/v2/auth/authorize/',
    tokenEndpoint: 'https://open.tiktokapis.com/v2/oauth/token/',
    userInfoEndpoint: 'https://open.tiktokapis.com/v2/user/info/?fields=open_id,display_name,username',
    scopes: ['user.info.basic', 'user.info.profile'],
    pkce: true,
    clientAuth: 'post',
    clientIdParam: 'client_key',
    scopeSeparator: ',',
  },
}

/** A provider as one app uses it: the definition with the app's client and overrides applied. */
export interface ResolvedProvider extends ProviderDefinition {
  name: OAuthProvider
  settings: OAuthProviderSettings
}

/**
 * The app's client for `provider`, or 400 `feature_not_enabled` naming the spec's
 * `missing_or_invalid_{provider}_client_id` (the code itself is not one of the API's codes).
 */
export function resolveProvider(app: AppRecord, name: OAuthProvider): ResolvedProvider {
  const settings = app.oauthProviders[name]
  const usable = settings?.clientId && (name === 'apple' ? settings.apple : true)
  if (!settings || !usable) {
    throw new ApiError(400, 'feature_not_enabled', `missing_or_invalid_${name}_client_id: ${name} sign-in is not configured for this app`)
  }
  const definition = providerDefinitions[name]
  const pick = <K extends 'authorizationEndpoint' | 'tokenEndpoint' | 'userInfoEndpoint' | 'issuer' | 'jwksUri'>(key: K) => settings[key] ?? definition[key]
  return {
    ...definition,
    name,
    settings,
    authorizationEndpoint: pick('authorizationEndpoint')!,
    tokenEndpoint: pick('tokenEndpoint')!,
    userInfoEndpoint: pick('userInfoEndpoint'),
    issuer: pick('issuer'),
    jwksUri: pick('jwksUri'),
    scopes: settings.scopes ?? definition.scopes,
  }
}
