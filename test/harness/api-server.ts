/**
 * Starts the real API server for tests on a copy of a template PGlite data directory: creating a
 * database takes 13-30 s here, copying a ready one well under a second. The template is keyed by a
 * hash of the server sources, so it is rebuilt whenever migrations or the dev-app seed change.
 */
import { createHash } from 'node:crypto'
import { appendFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { pino } from 'pino'
import { e2eLogPrefix } from './e2e-logs.js'
import { repoRoot, testDataDir } from './paths.js'

type ServerModule = typeof import('../../server/src/index.js')
type ServerOverrides = import('../../server/src/index.js').ServerOverrides
export type StartServerOptions = NonNullable<Parameters<ServerModule['startServer']>[0]>
export type RunningServer = Awaited<ReturnType<ServerModule['startServer']>>

function hashServerSources(): string {
  const hash = createHash('sha256')
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name)
      if (statSync(path).isDirectory()) walk(path)
      else if (!/\.test\.ts$/.test(name)) hash.update(path).update(readFileSync(path))
    }
  }
  walk(join(repoRoot, 'server/src'))
  return hash.digest('hex').slice(0, 16)
}

async function loadServer(): Promise<ServerModule> {
  return import('../../server/src/index.js')
}

/**
 * The data directory's own dev-mode key-encryption key, whatever TESSERA_KEK says (the server tests set one): the
 * template is sealed with the key file it carries, and every copy opens with it.
 */
async function ownKeys(dataDir: string) {
  const { loadKeyEncryptionKeys } = await import('../../server/src/secrets/kek-settings.js')
  return { keyEncryptionKeys: loadKeyEncryptionKeys({ dev: true, dataDir, env: {} }) }
}

/** Returns a data directory holding a migrated database with the dev app, creating it once. */
export async function templateDataDir(): Promise<string> {
  const template = join(testDataDir, `pglite-template-${hashServerSources()}`)
  if (existsSync(template)) return template
  mkdirSync(testDataDir, { recursive: true })
  const building = mkdtempSync(join(testDataDir, 'pglite-template-building-'))
  const { startServer } = await loadServer()
  const server = await startServer({ dev: true, dataDir: building, port: 0, host: '127.0.0.1', quiet: true }, await ownKeys(building))
  await server.close()
  // The signer's own store too, so a scenario's first server-managed wallet does not wait for its creation.
  const { openSignerStore } = await import('../../server/src/signer/key-store.js')
  await (await openSignerStore({ dataDir: join(building, 'signer') })).close()
  // Another run may have finished first: keep theirs.
  if (existsSync(template)) rmSync(building, { recursive: true, force: true })
  else renameSync(building, template)
  // Templates of earlier server sources are dead weight.
  for (const name of readdirSync(testDataDir)) {
    if (name.startsWith('pglite-template-') && join(testDataDir, name) !== template && !name.startsWith('pglite-template-building-')) {
      rmSync(join(testDataDir, name), { recursive: true, force: true })
    }
  }
  return template
}

export interface TestServer extends RunningServer {
  dataDir: string
}

/**
 * In an e2e run the server logs everything at debug level to `<prefix>.log` (the console stays quiet) and each code
 * its dev outbox delivers goes to `<prefix>.codes`, for the run's final check (docs/security.md #54). The outbox needs the
 * database, so it is opened here and the caller closes it.
 */
async function recordingOverrides(dataDir: string, prefix: string): Promise<Required<Pick<ServerOverrides, 'db' | 'delivery' | 'logger'>>> {
  const { openDatabase } = await import('../../server/src/db/open.js')
  const { createDevOutbox } = await import('../../server/src/delivery/dev-outbox.js')
  const { systemClock } = await import('../../server/src/clock.js')
  const db = await openDatabase({ dataDir, databaseUrl: process.env.DATABASE_URL })
  const outbox = createDevOutbox(db, systemClock, () => {})
  return {
    db,
    delivery: {
      ...outbox,
      async send(message) {
        appendFileSync(`${prefix}.codes`, `${message.code}\n`)
        await outbox.send(message)
      },
    },
    logger: pino({ level: 'debug', base: undefined }, pino.destination({ dest: `${prefix}.log`, sync: true })),
  }
}

/** Starts a dev-mode server on an ephemeral loopback port with a fresh copy of the template database. */
export async function startTestServer(options: Omit<StartServerOptions, 'dataDir' | 'databaseUrl'> = {}): Promise<TestServer> {
  const template = await templateDataDir()
  const dataDir = mkdtempSync(join(testDataDir, 'run-'))
  cpSync(template, dataDir, { recursive: true })
  const { startServer } = await loadServer()
  const prefix = await e2eLogPrefix('api')
  const recording = prefix ? await recordingOverrides(dataDir, prefix) : undefined
  let server: RunningServer
  try {
    server = await startServer({ dev: true, port: 0, host: '127.0.0.1', quiet: true, ...options, dataDir }, { ...(await ownKeys(dataDir)), ...recording })
  } catch (error) {
    await recording?.db.close()
    throw error
  }
  return {
    ...server,
    dataDir,
    async close() {
      await server.close()
      await recording?.db.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
