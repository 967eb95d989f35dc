// `npm run bench`: prints the benchmark table (bundle weight, landing time, server throughput).
// `npm run bench -- flood`: table sizes and latency during a flood, on PGlite and PostgreSQL.
// `npm run bench -- fuzz`: the route fuzzer for five minutes with a fresh seed.
// `npm run bench -- server`: only the server rows (closed loop, PGlite and PostgreSQL).
// `npm run bench -- landing`: only the landing rows (navigation → usable email input, unthrottled and 4× throttled) and their traces.
// `npm run bench -- scale-out`: only the scale-out row (refresh with 1 and 2 server processes on one PostgreSQL).
import { register } from 'tsx/esm/api'

const scenarios = { landing: './landing-bench.ts', flood: './flood.ts', fuzz: './fuzz.ts', server: './server-bench.ts', 'scale-out': './scale-out-bench.ts' }

// The benchmark, the harness and the server are TypeScript, run as is.
register()
await import(scenarios[process.argv[2]] ?? './main.ts')
