// `npm run bench`: prints the benchmark table (bundle weight, landing time, server throughput).
import { register } from 'tsx/esm/api'

// The benchmark, the harness and the server are TypeScript, run as is.
register()
await import('./main.ts')
