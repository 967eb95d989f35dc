// `npm run bench`: prints the benchmark table (bundle weight, landing time, server throughput).
// `npm run bench -- flood`: table sizes and latency during a flood, on PGlite and PostgreSQL.
// `npm run bench -- fuzz`: the route fuzzer for five minutes with a fresh seed.
// `npm run bench -- server`: only the server rows (closed loop, PGlite and PostgreSQL).
// `npm run bench -- scale-out`: only the scale-out row (refresh with 1 and 2 server processes on one PostgreSQL).
import { register } from 'tsx/esm/api'

const scenarios = { flood: './flood.ts', fuzz: './fuzz.ts', server: './server-bench.ts', 'scale-out': './scale-out-bench.ts' }

// The benchmark, the harness and the server are TypeScript, run as is.
register()
await import(scenarios[process.argv[2]] ?? './main.ts')
