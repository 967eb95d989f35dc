import type { Env, Handler, Hono } from 'hono'
import type { Route } from '../../../src/protocol/routes/route.js'

/** A mounted route's handler: a route's path is a plain string, so its `:params` are typed as any name. */
export type RouteHandler<E extends Env> = Handler<E, `/:${string}`>

/** Registers a protocol route on the root app at its own method and full path, so no path is written twice. */
export function mount<E extends Env>(app: Hono<E>, route: Route, ...handlers: RouteHandler<E>[]): void {
  app.on(route.method, [route.path], ...handlers)
}
