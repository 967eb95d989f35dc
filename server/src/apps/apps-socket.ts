/**
 * While `tessera-server start` holds a PGlite data directory (one process per directory), the `apps` commands of the
 * CLI reach the database through it: the server listens on a Unix socket inside the data directory, in a folder only
 * the directory's owner may enter, and answers get, list and upsert of apps (docs/decisions.md, "Live app settings").
 */
import { chmodSync, mkdirSync, rmSync } from 'node:fs'
import { createConnection, createServer, type Socket } from 'node:net'
import { join, resolve } from 'node:path'
import { z } from 'zod'
import type { Clock } from '../clock.js'
import { DataDirLockedError } from '../db/lock.js'
import { openDatabase } from '../db/open.js'
import type { Db, Queryable } from '../db/types.js'
import type { Logger } from '../logger.js'
import { getApp, listApps, upsertApp } from './store.js'
import type { AppInput, AppRecord } from './types.js'

/** The app commands the CLI runs, against the database or through the server that holds it. */
export interface AppsAccess {
  get(id: string): Promise<AppRecord | null>
  list(): Promise<AppRecord[]>
  upsert(input: AppInput): Promise<AppRecord>
  close(): Promise<void>
}

export const appsSocketPath = (dataDir: string) => join(resolve(dataDir), 'run', 'apps.sock')

const requestSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('get'), id: z.string().max(100) }),
  z.object({ op: z.literal('list') }),
  // The CLI checked the settings (as it does against the database); the socket is its owner's only.
  z.object({ op: z.literal('upsert'), input: z.record(z.string(), z.unknown()) }),
])

async function answer(db: Queryable, clock: Clock, line: string): Promise<unknown> {
  const request = requestSchema.parse(JSON.parse(line))
  if (request.op === 'get') return getApp(db, request.id)
  if (request.op === 'list') return listApps(db)
  return upsertApp(db, request.input as AppInput, clock.now())
}

/** Serves the socket; answers a function that stops it. A socket left by a killed server is replaced (the caller holds the lock). */
export async function serveAppsSocket(db: Queryable, dataDir: string, clock: Clock, logger: Logger): Promise<() => Promise<void>> {
  const path = appsSocketPath(dataDir)
  const folder = join(path, '..')
  mkdirSync(folder, { recursive: true, mode: 0o700 })
  chmodSync(folder, 0o700)
  rmSync(path, { force: true })
  const server = createServer((socket) => serveConnection(socket, db, clock, logger))
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject)
    server.listen(path, () => resolveListen())
  })
  return () => new Promise<void>((done) => server.close(() => done()))
}

function serveConnection(socket: Socket, db: Queryable, clock: Clock, logger: Logger): void {
  let buffered = ''
  socket.setEncoding('utf8')
  socket.on('error', () => socket.destroy())
  socket.on('data', (chunk: string) => {
    buffered += chunk
    const end = buffered.indexOf('\n')
    if (end < 0) return
    answer(db, clock, buffered.slice(0, end)).then(
      (result) => socket.end(`${JSON.stringify({ result })}\n`),
      (error: Error) => {
        // The message only: a settings value could be in a driver error's detail.
        logger.warn({ err: error.message }, 'apps socket request failed')
        socket.end(`${JSON.stringify({ error: error instanceof z.ZodError || error instanceof SyntaxError ? 'Malformed request' : error.message })}\n`)
      },
    )
  })
}

/** One request over the socket of the server that holds `dataDir`. */
function ask(path: string, request: z.infer<typeof requestSchema>): Promise<unknown> {
  return new Promise((resolveAnswer, reject) => {
    const socket = createConnection(path)
    let buffered = ''
    socket.setEncoding('utf8')
    socket.on('connect', () => socket.write(`${JSON.stringify(request)}\n`))
    socket.on('data', (chunk: string) => {
      buffered += chunk
    })
    socket.on('error', reject)
    socket.on('end', () => {
      try {
        const reply = JSON.parse(buffered) as { result?: unknown; error?: string }
        if (reply.error !== undefined) reject(new Error(`The running server refused the command: ${reply.error}`))
        else resolveAnswer(reply.result)
      } catch {
        reject(new Error('The running server gave no answer'))
      }
    })
  })
}

/** The app commands through the running server; rejects when no server answers on the socket. */
export async function appsThroughServer(dataDir: string): Promise<AppsAccess> {
  const path = appsSocketPath(dataDir)
  await ask(path, { op: 'list' })
  return {
    get: (id) => ask(path, { op: 'get', id }) as Promise<AppRecord | null>,
    list: () => ask(path, { op: 'list' }) as Promise<AppRecord[]>,
    upsert: (input) => ask(path, { op: 'upsert', input: input as Record<string, unknown> }) as Promise<AppRecord>,
    close: async () => {},
  }
}

/** The app commands against the database itself. */
export const appsInDatabase = (db: Db, clock: Clock): AppsAccess => ({
  get: (id) => getApp(db, id),
  list: () => listApps(db),
  upsert: (input) => upsertApp(db, input, clock.now()),
  close: () => db.close(),
})

/**
 * Opens the database for the CLI's app commands; when a running server holds the PGlite data directory, goes through
 * that server (`say` tells the user so). PostgreSQL takes any number of processes: a server drops its copy of an app on the write's NOTIFY (app-cache.ts).
 */
export async function openAppsAccess(options: { databaseUrl?: string; dataDir: string; clock: Clock; say(line: string): void }): Promise<AppsAccess> {
  try {
    return appsInDatabase(await openDatabase({ databaseUrl: options.databaseUrl, dataDir: options.dataDir, onPreparing: options.say }), options.clock)
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error
    const access = await appsThroughServer(options.dataDir).catch(() => {
      throw error
    })
    options.say(`The data directory is in use: running the command through the running server${error.pid ? ` (pid ${error.pid})` : ''}.`)
    return access
  }
}
