/** Starts servers in processes of their own (`server-process.ts`) on one PostgreSQL: the scale-out tests and bench row. */
import { spawn, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import type { RateLimitSettings } from '../rate-limit/settings.js'

export interface ServerProcess {
  url: string
  child: ChildProcess
  /** The last code this process sent to `to`, once it has come over IPC (a channel apart from the HTTP answer). */
  codeFor(to: string): Promise<string>
  stop(): Promise<void>
}

const CODE_WAIT_MS = 5_000

export function startServerProcess(databaseUrl: string, rateLimits: Partial<RateLimitSettings>, env: NodeJS.ProcessEnv = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'server-process.ts'), JSON.stringify(rateLimits)], {
    env: { ...process.env, ...env, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const codes = new Map<string, string>()
  const codeFor = async (to: string) => {
    for (const deadline = Date.now() + CODE_WAIT_MS; Date.now() < deadline; await new Promise((tick) => setTimeout(tick, 10))) {
      const code = codes.get(to)
      if (code) return code
    }
    throw new Error(`no code came for ${to}`)
  }
  const exited = new Promise<void>((done) => child.once('exit', () => done()))
  const stop = async () => {
    if (child.connected) child.disconnect()
    await exited
  }
  return new Promise((resolve, reject) => {
    void exited.then(() => reject(new Error(`the server process exited with ${child.exitCode}`)))
    child.on('message', (message: { url?: string; to?: string; code?: string }) => {
      if (message.url) resolve({ url: message.url, child, codeFor, stop })
      if (message.to && message.code) codes.set(message.to, message.code)
    })
  })
}
