// `npm start`: builds the library when needed, starts the API server in dev mode on the embedded
// database and serves both demos. PORT (API, 8787), DEMO_PORT (demos, 5173), TESSERA_DATA_DIR (.tessera).
import { resolve } from 'node:path'
import { register } from 'tsx/esm/api'

// The server and the harness are TypeScript, run as is.
register()

const { DEV_APP_ID } = await import('../src/protocol/index.ts')
const { ensureLibraryBuilt } = await import('../test/harness/library-build.ts')
const { buildReactDemo } = await import('../test/harness/react-demo.ts')
const { startDemoServer } = await import('../test/harness/demo-server.ts')
const { startServer } = await import('../server/src/index.ts')

const apiPort = Number(process.env.PORT ?? 8787)
const demoPort = Number(process.env.DEMO_PORT ?? 5173)
const dataDir = resolve(process.env.TESSERA_DATA_DIR ?? '.tessera')

ensureLibraryBuilt()
console.log('Building the React demo...')
await buildReactDemo()

/** Ends with a one-line reason for the failures a user can fix (busy port, data dir in use). */
function exitOnStartError(error, what, envName) {
  if (error?.code === 'EADDRINUSE') console.error(`${what}: port ${error.port} is in use. Stop what uses it or set ${envName}.`)
  else if (error?.name === 'DataDirLockedError') console.error(error.message)
  else throw error
  process.exit(1)
}

const server = await startServer({ dev: true, port: apiPort, dataDir }).catch((error) => exitOnStartError(error, 'API server', 'PORT'))
const demo = await startDemoServer({ appId: DEV_APP_ID, apiUrl: server.url, port: demoPort }).catch(async (error) => {
  await server.close()
  return exitOnStartError(error, 'Demo server', 'DEMO_PORT')
})

const demoBase = `http://localhost:${demo.port}`
console.log(`
  Vanilla demo   ${demoBase}/vanilla/
  React demo     ${demoBase}/react/
  API server     ${server.url}  (app ${DEV_APP_ID}, data in ${dataDir})
  Sign-in codes  printed on this console and listed at ${server.url}/dev/outbox

Tessera is ready. Press Ctrl-C to stop.`)

let stopping = false
async function stop(signal) {
  if (stopping) process.exit(1) // A second Ctrl-C does not wait.
  stopping = true
  console.log(`\n${signal}: stopping...`)
  await demo.close()
  await server.close()
  process.exit(0)
}
process.on('SIGINT', () => void stop('SIGINT'))
process.on('SIGTERM', () => void stop('SIGTERM'))
