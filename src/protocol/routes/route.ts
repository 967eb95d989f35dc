/** A route is `{ method, path }`; one module per sign-in method, so a bundle keeps only the paths it calls. */
export interface Route {
  readonly method: 'GET' | 'POST' | 'PATCH' | 'DELETE'
  readonly path: string
}

export const post = (path: string): Route => ({ method: 'POST', path })
export const get = (path: string): Route => ({ method: 'GET', path })
export const patch = (path: string): Route => ({ method: 'PATCH', path })

/** Fills `:param` segments of a route path, URL-encoding each value. */
export function routePath(route: Route, params: Record<string, string> = {}): string {
  return route.path.replace(/:([a-z_]+)/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`Missing route parameter ${name}`)
    return encodeURIComponent(value)
  })
}
