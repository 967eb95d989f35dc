/**
 * `npm start` rewrites the dev app from its generated config file on every start; a user's own origins and OAuth
 * redirect URLs come from the environment so they survive restarts: TESSERA_ALLOWED_ORIGINS and
 * TESSERA_REDIRECT_URLS, comma-separated (README, "Your own origin").
 */
import { isOriginEntry, type AppFile } from '../../server/src/apps/app-file-schema.js'
import { isRedirectUrlEntry } from '../../server/src/auth/oauth/settings.js'

/** The comma list in `env[name]`, each entry checked; a bad entry names the variable, the entry and the form. */
function entries(env: Readonly<Record<string, string | undefined>>, name: string, valid: (entry: string) => boolean, form: string): string[] {
  const list = (env[name] ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  const bad = list.find((entry) => !valid(entry))
  if (bad !== undefined) throw new Error(`${name}: '${bad}' is not ${form}`)
  return list
}

/** The dev app with the environment's extra origins and redirect URLs appended (once each). */
export function withOriginsFromEnv(app: AppFile, env: Readonly<Record<string, string | undefined>>): AppFile {
  const origins = entries(
    env,
    'TESSERA_ALLOWED_ORIGINS',
    isOriginEntry,
    'an origin: use scheme://host[:port] without a path, comma-separated (e.g. http://192.168.1.20:5173)',
  )
  const redirects = entries(
    env,
    'TESSERA_REDIRECT_URLS',
    isRedirectUrlEntry,
    'an http(s) URL (a port may be *), comma-separated (e.g. http://192.168.1.20:5173/)',
  )
  if (origins.length === 0 && redirects.length === 0) return app
  return {
    ...app,
    allowed_origins: [...new Set([...(app.allowed_origins ?? []), ...origins])],
    oauth_redirect_urls: [...new Set([...(app.oauth_redirect_urls ?? []), ...redirects])],
  }
}
