import type { AppRecord } from '../apps/types.js'

/** Hono variables set by the middleware: the app named by the `privy-app-id` header. */
export interface AppEnv {
  Variables: { app: AppRecord }
}
