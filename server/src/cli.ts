import { parseArgs } from 'node:util'
import { getApp, listApps, upsertApp } from './apps/store.js'
import { loginMethods, type AppInput, type AppRecord, type LoginMethod } from './apps/types.js'
import { defaults } from './config.js'
import { openDatabase } from './db/open.js'
import { startServer } from './server.js'

const usage = `Usage:
  tessera-server start [--dev] [--port 8787] [--host 127.0.0.1] [--data-dir .tessera] [--config tessera.config.json] [--trust-proxy] [--issuer privy.io] [--quiet]
  tessera-server apps create --name <name> [--id <25 chars>] [app flags]
  tessera-server apps list
  tessera-server apps show <app-id>
  tessera-server apps update <app-id> [app flags]
App flags: --name, --origin <origin> (repeatable; 'http://localhost:*' allows any port), --login-methods email,
  --terms-url <url>, --privacy-url <url>, --require-terms[=false], --disable-plus-emails[=false]
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
  name: { type: 'string' },
  origin: { type: 'string', multiple: true },
  'login-methods': { type: 'string' },
  'terms-url': { type: 'string' },
  'privacy-url': { type: 'string' },
  'require-terms': { type: 'string' },
  'disable-plus-emails': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const

class UsageError extends Error {}

/** Boolean flags accept `--flag` or `--flag=true|false`. */
function normalizeBooleanFlags(argv: string[]): string[] {
  return argv.flatMap((arg) => (arg === '--require-terms' || arg === '--disable-plus-emails' ? [`${arg}=true`] : [arg]))
}

function parseBoolean(name: string, value: string | undefined): boolean | undefined {
  if (value === undefined) return undefined
  if (value === 'true') return true
  if (value === 'false') return false
  throw new UsageError(`--${name} takes true or false`)
}

type Values = ReturnType<typeof parse>['values']
const parse = (argv: string[]) => parseArgs({ args: normalizeBooleanFlags(argv), options, allowPositionals: true, strict: true })

function appInput(values: Values): AppInput {
  const methods = values['login-methods']?.split(',').map((m) => m.trim()).filter(Boolean)
  for (const method of methods ?? []) {
    if (!(loginMethods as readonly string[]).includes(method)) throw new UsageError(`Unknown login method '${method}' (supported: ${loginMethods.join(', ')})`)
  }
  for (const origin of values.origin ?? []) {
    if (!/^https?:\/\/[^/\s]+$/.test(origin)) throw new UsageError(`Invalid origin '${origin}': use scheme://host[:port] without a path`)
  }
  return {
    name: values.name,
    allowedOrigins: values.origin,
    loginMethods: methods as LoginMethod[] | undefined,
    termsUrl: values['terms-url'],
    privacyUrl: values['privacy-url'],
    requireUsersAcceptTerms: parseBoolean('require-terms', values['require-terms']),
    disablePlusEmails: parseBoolean('disable-plus-emails', values['disable-plus-emails']),
  }
}

const printApp = (app: AppRecord) => console.log(JSON.stringify(app, null, 2))

async function appsCommand(action: string | undefined, positionals: string[], values: Values): Promise<void> {
  const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: values['data-dir'] ?? defaults.dataDir, onPreparing: (m) => console.error(m) })
  try {
    switch (action) {
      case 'list': {
        for (const app of await listApps(db)) console.log(`${app.id}  ${app.name}  origins=${app.allowedOrigins.join(',') || '-'}  login=${app.loginMethods.join(',')}`)
        return
      }
      case 'show': {
        const app = positionals[0] ? await getApp(db, positionals[0]) : null
        if (!app) throw new UsageError(`No app with id '${positionals[0] ?? ''}'`)
        return printApp(app)
      }
      case 'create': {
        if (!values.name) throw new UsageError('apps create needs --name')
        if (values.id !== undefined && !/^[a-z0-9-]{25}$/.test(values.id)) throw new UsageError('--id must be 25 lowercase letters, digits or dashes')
        if (values.id && (await getApp(db, values.id))) throw new UsageError(`An app with id '${values.id}' exists already (use apps update)`)
        return printApp(await upsertApp(db, { ...appInput(values), id: values.id }, Date.now()))
      }
      case 'update': {
        const id = positionals[0]
        if (!id || !(await getApp(db, id))) throw new UsageError(`No app with id '${id ?? ''}'`)
        return printApp(await upsertApp(db, { ...appInput(values), id }, Date.now()))
      }
      default:
        throw new UsageError(`Unknown apps command '${action ?? ''}'`)
    }
  } finally {
    await db.close()
  }
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
    server.close().then(() => process.exit(0), (error) => { console.error(error); process.exit(1) })
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
    else throw new UsageError(`Unknown command '${command}'`)
  } catch (error) {
    console.error(error instanceof UsageError ? `${error.message}\n\n${usage}` : `tessera-server: ${(error as Error).message}`)
    process.exit(error instanceof UsageError ? 2 : 1)
  }
}

await main(process.argv.slice(2))
