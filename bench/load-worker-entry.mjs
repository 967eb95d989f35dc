// A worker thread does not inherit the parent's TypeScript loader: register it, then run the worker.
import { register } from 'tsx/esm/api'

register()
await import('./load-worker.ts')
