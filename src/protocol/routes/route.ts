/**
 * A route is `{ method, path }` at run time; its body and response types ride along as phantom type parameters,
 * so the client's transport and the server's handlers check against one declaration. One module per sign-in method,
 * so a bundle keeps only the paths it calls.
 */
export interface Route<Body = unknown, Response = unknown> {
  readonly method: 'GET' | 'POST' | 'PATCH' | 'DELETE'
  readonly path: string
  /** Types only: never set at run time. */
  readonly types?: { body: Body; response: Response }
}

/** What a POST with no fields sends, and what a call with nothing to say answers. */
export type EmptyDto = Record<string, never>
/** A JSON-RPC 2.0 request or answer, passed through as the page's JSON-RPC client wrote it. */
export type JsonRpcEnvelope = Record<string, unknown>

export const post = <Body, Response>(path: string): Route<Body, Response> => ({ method: 'POST', path })
export const get = <Response>(path: string): Route<undefined, Response> => ({ method: 'GET', path })
export const patch = <Body, Response>(path: string): Route<Body, Response> => ({ method: 'PATCH', path })

/** Fills `:param` segments of a route path, URL-encoding each value. */
export function routePath(route: Route, params: Record<string, string> = {}): string {
  return route.path.replace(/:([a-z_]+)/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`Missing route parameter ${name}`)
    return encodeURIComponent(value)
  })
}
