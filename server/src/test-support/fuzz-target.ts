import { serve } from '@hono/node-server'
import type { AddressInfo } from 'node:net'
import { createApp } from '../app.js'
import type { AppInput } from '../apps/types.js'
import { loginMethodNames } from '../auth/login-methods.js'
import type { Db } from '../db/types.js'
import { createServerContext } from '../server.js'
import type { CaptureDelivery } from './capture-delivery.js'
import type { TestClock } from './test-clock.js'
import { routesOf, type FuzzRoute } from './fuzz-requests.js'

/** Every sign-in method and a provider of each kind on, so fuzzed requests reach each route's parsing and checks. */
export const fuzzedApp: AppInput = {
  name: 'Fuzzed',
  allowedOrigins: ['http://allowed.test:3000'],
  loginMethods: [...loginMethodNames],
  oauthProviders: { google: { clientId: 'fuzz-client', clientSecret: 'fuzz-secret' } },
  oauthRedirectUrls: ['http://allowed.test:3000/'],
  customJwt: { jwksUrl: 'http://127.0.0.1:9/jwks.json', publicKeyPem: null, issuer: 'https://issuer.test', audience: 'fuzz', userIdClaim: 'sub' },
  telegram: { botId: '1', botName: 'fuzz_bot', botToken: '1:fuzz-bot-token-0123456789', linkEnabled: true, seamlessAuthEnabled: true },
}

export interface FuzzTarget {
  baseUrl: string
  routes: FuzzRoute[]
  close(): Promise<void>
}

/** Serves an app built here over `db` (dev mode, so the outbox routes too) and returns its route table; limits far off. */
export async function startFuzzTarget(db: Db, clock: TestClock, delivery: CaptureDelivery): Promise<FuzzTarget> {
  const generous = { max: 1_000_000, windowSeconds: 60 }
  const rateLimits = { initPerIp: generous, authenticatePerIp: generous, sendsPerIdentifier: generous, challengesPerIp: generous, refreshesPerIp: generous }
  const ctx = await createServerContext({ quiet: true, dev: true, rateLimits }, { db, clock, delivery })
  const app = createApp(ctx)
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s))
  })
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    routes: routesOf(app),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        // Keep-alive sockets would hold close() open; end them.
        ;(server as unknown as { closeAllConnections(): void }).closeAllConnections()
      }),
  }
}
