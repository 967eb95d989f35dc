import { Hono } from 'hono'
import type { ServerContext } from '../../context.js'
import type { AppEnv } from '../../http/env.js'
import { initLink, link, unlink } from './linking.js'
import { authenticate, initAuthentication, initRegistration, register } from './sign-in.js'

/**
 * `POST /api/v1/passkeys/*`: WebAuthn sign-up (`register`), sign-in (`authenticate`), `link` and `unlink`.
 * Each `init` issues a single-use challenge bound to its ceremony (and, for link, to the user).
 */
export function passkeyRoutes(ctx: ServerContext): Hono<AppEnv> {
  const routes = new Hono<AppEnv>()
  routes.post('/register/init', (c) => initRegistration(ctx, c))
  routes.post('/register', (c) => register(ctx, c))
  routes.post('/authenticate/init', (c) => initAuthentication(ctx, c))
  routes.post('/authenticate', (c) => authenticate(ctx, c))
  routes.post('/link/init', (c) => initLink(ctx, c))
  routes.post('/link', (c) => link(ctx, c))
  routes.post('/unlink', (c) => unlink(ctx, c))
  return routes
}
