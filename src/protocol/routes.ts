/** Every API route the client calls and the server serves, as `{ method, path }`. */
export interface Route {
  readonly method: 'GET' | 'POST' | 'PATCH' | 'DELETE'
  readonly path: string
}

const post = (path: string): Route => ({ method: 'POST', path })
const get = (path: string): Route => ({ method: 'GET', path })

export const routes = {
  appConfig: get('/api/v1/apps/:app_id'),
  jwks: get('/api/v1/apps/:app_id/jwks.json'),
  analyticsEvents: post('/api/v1/analytics_events'),
  passwordlessInit: post('/api/v1/passwordless/init'),
  passwordlessAuthenticate: post('/api/v1/passwordless/authenticate'),
  passwordlessLink: post('/api/v1/passwordless/link'),
  passwordlessUnlink: post('/api/v1/passwordless/unlink'),
  passwordlessUpdate: post('/api/v1/passwordless/update'),
  sessionsRefresh: post('/api/v1/sessions'),
  sessionsLogout: post('/api/v1/sessions/logout'),
  usersMe: get('/api/v1/users/me'),
  acceptTerms: post('/api/v1/users/me/accept_terms'),
} as const satisfies Record<string, Route>

export type RouteName = keyof typeof routes

/** Fills `:param` segments of a route path, URL-encoding each value. */
export function routePath(route: Route, params: Record<string, string> = {}): string {
  return route.path.replace(/:([a-z_]+)/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`Missing route parameter ${name}`)
    return encodeURIComponent(value)
  })
}
