import type { Hono } from 'hono'
import type { ServerContext } from '../../context.js'
import type { AppEnv } from '../../http/env.js'
import { initLink, link, unlink } from './linking.js'
import { authenticate, initAuthentication, initRegistration, register } from './sign-in.js'
import { mount } from '../../http/mount.js'
import {
  passkeyAuthenticateInitRoute,
  passkeyAuthenticateRoute,
  passkeyLinkInitRoute,
  passkeyLinkRoute,
  passkeyRegisterInitRoute,
  passkeyRegisterRoute,
  passkeyUnlinkRoute,
} from '../../../../src/protocol/routes/passkey.js'

/**
 * `POST /api/v1/passkeys/*`: WebAuthn sign-up (`register`), sign-in (`authenticate`), `link` and `unlink`.
 * Each `init` issues a single-use challenge bound to its ceremony (and, for link, to the user).
 */
export function mountPasskeyRoutes(app: Hono<AppEnv>, ctx: ServerContext): void {
  mount(app, passkeyRegisterInitRoute, (c) => initRegistration(ctx, c))
  mount(app, passkeyRegisterRoute, (c) => register(ctx, c))
  mount(app, passkeyAuthenticateInitRoute, (c) => initAuthentication(ctx, c))
  mount(app, passkeyAuthenticateRoute, (c) => authenticate(ctx, c))
  mount(app, passkeyLinkInitRoute, (c) => initLink(ctx, c))
  mount(app, passkeyLinkRoute, (c) => link(ctx, c))
  mount(app, passkeyUnlinkRoute, (c) => unlink(ctx, c))
}
