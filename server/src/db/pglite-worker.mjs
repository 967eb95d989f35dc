// The PGlite worker's entry: runs pglite-worker.ts through tsx, as bin/tessera-server.mjs runs the server (no build step).
import { register } from 'tsx/esm/api'

register()
await import('./pglite-worker.ts')
