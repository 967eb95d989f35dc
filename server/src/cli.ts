import { parseArgs } from 'node:util'
import { appFlagOptions, appFlagsUsage, appInputFromFlags, booleanAppFlags, UsageError } from './apps/app-flags.js'
import { redactSecrets } from './apps/redact-secrets.js'
import { sectionFlagOptions, sectionFlagsUsage, sectionInputsFromFlags } from './apps/section-flags.js'
import { settingProblems, settingWarnings } from './apps/setting-problems.js'
import { openAppsAccess } from './apps/apps-socket.js'
import { systemClock } from './clock.js'
import type { AppInput, AppRecord } from './apps/types.js'
import { defaults } from './config.js'
import { openDatabase } from './db/open.js'
import { generateKek, loadKeyEncryptionKeys } from './secrets/kek-settings.js'
import { rotateKeyEncryptionKey } from './secrets/keys-command.js'
import { startServer } from './server.js'
import { rotateSignerKeys } from './signer/rotate-signer-keys.js'
import { signerSettings } from './signer/signer-settings.js'

const usage = `Usage:
  tessera-server start [--dev] [--port 8787] [--host 127.0.0.1] [--data-dir .tessera] [--config tessera.config.json] [--trust-proxy] [--issuer privy.io] [--quiet]
  tessera-server apps create --name <name> [--id <25 chars>] [app flags]
  tessera-server apps list
  tessera-server apps show <app-id>
  tessera-server apps update <app-id> [app flags]   (while 'start' holds the data directory: through that server)
  tessera-server keys generate                    prints a new key-encryption key (for TESSERA_KEK)
  tessera-server keys rotate [--dev]              re-seals every secret under TESSERA_KEK, opening the old ones with TESSERA_KEK_PREVIOUS
${appFlagsUsage}
${sectionFlagsUsage}
Common: --data-dir <dir> (embedded PGlite database), or DATABASE_URL=postgres://... for PostgreSQL.`

const options = {
  dev: { type: 'boolean' },
  port: { type: 'string' },
  host: { type: 'string' },
  'data-dir': { type: 'string' },
  config: { type: 'string' },
  'trust-proxy': { type: 'boolean' },
  issuer: { type: 'string' },
  quiet: { type: 'boolean' },
  id: { type: 'string' },
  ...appFlagOptions,
  ...sectionFlagOptions,
  help: { type: 'boolean', short: 'h' },
} as const

/** Boolean app flags accept `--flag` or `--flag=true|false`. */
function normalizeBooleanFlags(argv: string[]): string[] {
  return argv.flatMap((arg) => (booleanAppFlags.includes(arg.replace(/^--/, '')) && arg.startsWith('--') ? [`${arg}=true`] : [arg]))
}

type Values = ReturnType<typeof parse>['values']
const parse = (argv: string[]) => parseArgs({ args: normalizeBooleanFlags(argv), options, allowPositionals: true, strict: true })

/** Prints the app with its secrets masked, and warns about enabled methods that are not configured yet. */
function printApp(app: AppRecord): void {
  console.log(JSON.stringify(redactSecrets(app), null, 2))
  for (const warning of settingWarnings(app)) console.error(`warning: ${warning}`)
}

/** Refuses settings that cannot work, before anything is stored; funding is checked against the chains the app will have. */
function checked(input: AppInput, current: AppRecord | null = null): AppInput {
  const problems = settingProblems(current && input.funding ? { ...input, chains: input.chains ?? current.chains } : input)
  if (problems.length > 0) throw new UsageError(problems.join('\n'))
  return input
}

/** The app flags' settings and the sections given as JSON (`--funding-json`, `--embedded-wallets-json`, `--smart-wallets-json`). */
const flagInput = (values: Values, current: AppRecord | null): AppInput => ({
  ...appInputFromFlags(values, current),
  ...sectionInputsFromFlags(values, process.env, process.cwd()),
})

/** `apps create` input, checked before the database opens so a typo fails fast. */
function newAppInput(values: Values): AppInput {
  if (!values.name) throw new UsageError('apps create needs --name')
  if (values.id !== undefined && !/^[a-z0-9-]{25}$/.test(values.id)) throw new UsageError('--id must be 25 lowercase letters, digits or dashes')
  return checked({ ...flagInput(values, null), id: values.id })
}

async function appsCommand(action: string | undefined, positionals: string[], values: Values): Promise<void> {
  const createInput = action === 'create' ? newAppInput(values) : null
  const apps = await openAppsAccess({
    databaseUrl: process.env.DATABASE_URL,
    dataDir: values['data-dir'] ?? defaults.dataDir,
    clock: systemClock,
    say: (m) => console.error(m),
  })
  try {
    switch (action) {
      case 'list': {
        for (const app of await apps.list())
          console.log(`${app.id}  ${app.name}  origins=${app.allowedOrigins.join(',') || '-'}  login=${app.loginMethods.join(',')}`)
        return
      }
      case 'show': {
        const app = positionals[0] ? await apps.get(positionals[0]) : null
        if (!app) throw new UsageError(`No app with id '${positionals[0] ?? ''}'`)
        return printApp(app)
      }
      case 'create': {
        if (values.id && (await apps.get(values.id))) throw new UsageError(`An app with id '${values.id}' exists already (use apps update)`)
        return printApp(await apps.upsert(createInput!))
      }
      case 'update': {
        const id = positionals[0]
        const current = id ? await apps.get(id) : null
        if (!id || !current) throw new UsageError(`No app with id '${id ?? ''}'`)
        return printApp(await apps.upsert(checked({ ...flagInput(values, current), id }, current)))
      }
      default:
        throw new UsageError(`Unknown apps command '${action ?? ''}'`)
    }
  } finally {
    await apps.close()
  }
}

/** `keys generate` prints a new key; `keys rotate` re-seals under the configured one (docs/keys.md). */
async function keysCommand(action: string | undefined, values: Values): Promise<void> {
  if (action === 'generate') return void console.log(generateKek())
  if (action !== 'rotate') throw new UsageError(`Unknown keys command '${action ?? ''}'`)
  const dataDir = values['data-dir'] ?? defaults.dataDir
  const keys = loadKeyEncryptionKeys({ dev: values.dev ?? false, dataDir })
  const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir, onPreparing: (m) => console.error(m) })
  try {
    for (const line of await rotateKeyEncryptionKey(db, keys)) console.log(line)
  } finally {
    await db.close()
  }
  const { store } = signerSettings({ dev: values.dev ?? false, dataDir, databaseUrl: process.env.DATABASE_URL })
  for (const line of await rotateSignerKeys(store, keys)) console.log(line)
}

async function startCommand(values: Values): Promise<void> {
  const port = values.port === undefined ? defaults.port : Number(values.port)
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`Invalid --port '${values.port}'`)
  const server = await startServer({
    dev: values.dev ?? false,
    port,
    host: values.host,
    dataDir: values['data-dir'],
    configFile: values.config,
    trustProxy: values['trust-proxy'] ?? false,
    issuer: values.issuer,
    quiet: values.quiet ?? false,
  })
  console.log(`tessera-server ready at ${server.url}${values.dev ? ` (dev mode: codes print here and at ${server.url}/dev/outbox)` : ''}`)
  const stop = (signal: string) => {
    console.log(`${signal} received, closing`)
    server.close().then(
      () => process.exit(0),
      (error) => {
        console.error(error)
        process.exit(1)
      },
    )
  }
  process.once('SIGINT', () => stop('SIGINT'))
  process.once('SIGTERM', () => stop('SIGTERM'))
}

export async function main(argv: string[]): Promise<void> {
  let parsed: ReturnType<typeof parse>
  try {
    parsed = parse(argv)
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${usage}`)
    process.exit(2)
  }
  const [command, action, ...rest] = parsed.positionals
  try {
    if (parsed.values.help || !command) console.log(usage)
    else if (command === 'start') await startCommand(parsed.values)
    else if (command === 'apps') await appsCommand(action, rest, parsed.values)
    else if (command === 'keys') await keysCommand(action, parsed.values)
    else throw new UsageError(`Unknown command '${command}'`)
  } catch (error) {
    console.error(error instanceof UsageError ? `${error.message}\n\n${usage}` : `tessera-server: ${(error as Error).message}`)
    process.exit(error instanceof UsageError ? 2 : 1)
  }
}

await main(process.argv.slice(2))
