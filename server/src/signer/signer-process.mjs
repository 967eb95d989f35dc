// The signer process's entry: runs main.ts through tsx, as bin/tessera-server.mjs runs the server (no build step).
import { register } from 'tsx/esm/api'

register()
await import('./main.ts')
