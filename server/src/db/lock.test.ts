import { spawn, type ChildProcess } from 'node:child_process'
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { spawnCli, waitForOutput } from '../test-support/run-cli.js'
import { DataDirLockedError, lockDataDir } from './lock.js'

const HOLDER = fileURLToPath(new URL('./test-fixtures/hold-data-dir-lock.ts', import.meta.url))
const made: string[] = []
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true })
})

const emptyDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'tessera-lock-'))
  made.push(dir)
  return dir
}
/** A data directory holding a ready embedded database, so a server starts in seconds. */
const preparedDataDir = () => {
  const dir = emptyDir()
  cpSync(inject('pgliteTemplateDir'), dir, { recursive: true })
  return dir
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode)
    child.once('exit', (code) => resolve(code))
  })
const killed = async (child: ChildProcess) => {
  child.kill('SIGKILL')
  await exited(child)
}
const lines = (child: ChildProcess) => {
  const seen: string[] = []
  const waiters: (() => void)[] = []
  let buffered = ''
  child.stdout!.on('data', (chunk) => {
    buffered += chunk
    const parts = buffered.split('\n')
    buffered = parts.pop()!
    seen.push(...parts)
    for (const wake of waiters.splice(0)) wake()
  })
  return async (index: number) => {
    while (seen.length <= index) await new Promise<void>((resolve) => waiters.push(resolve))
    return seen[index]!
  }
}
/** A pid no process has any more (its owner exited), as a killed server leaves in its lock. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''])
  await exited(child)
  return child.pid!
}

// The PostgreSQL run has no PGlite template (and no lock to take): the full-server tests run on PGlite only.
const onPglite = Boolean(inject('pgliteTemplateDir'))
const startServer = (dataDir: string) => spawnCli(['start', '--dev', '--port', '0', '--data-dir', dataDir], { DATABASE_URL: undefined })

describe('the data-directory lock (docs/security.md #59)', () => {
  it.runIf(onPglite)(
    'starts after the previous server was killed with kill -9',
    async () => {
      const dataDir = preparedDataDir()
      const first = startServer(dataDir)
      await waitForOutput(first, /ready at/)
      await killed(first)
      const second = startServer(dataDir)
      try {
        await expect(waitForOutput(second, /ready at/)).resolves.toMatch(/ready at/)
      } finally {
        await killed(second)
      }
    },
    120_000,
  )

  it("starts when the stale lock holds the new process's own pid (a container restarted with the same pid)", () => {
    const dataDir = emptyDir()
    writeFileSync(join(dataDir, 'server.lock'), String(process.pid))
    const release = lockDataDir(dataDir)
    release()
  })

  it('refuses a second lock on the same directory while the first is held, in this process too, and frees it on release', () => {
    const dataDir = emptyDir()
    const release = lockDataDir(dataDir)
    expect(() => lockDataDir(dataDir)).toThrow(DataDirLockedError)
    release()
    release()
    lockDataDir(dataDir)()
  })

  it('lets exactly one of two processes starting at once take the directory, over a stale lock, round after round', async () => {
    for (let round = 0; round < 6; round++) {
      const dataDir = emptyDir()
      writeFileSync(join(dataDir, 'server.lock'), String(await deadPid()))
      const holders = [0, 1].map(() => spawn(process.execPath, ['--import', 'tsx', HOLDER, dataDir], { stdio: ['pipe', 'pipe', 'inherit'] }))
      const readers = holders.map(lines)
      await Promise.all(readers.map((read) => read(0)))
      for (const holder of holders) holder.stdin!.write('go\n')
      const outcomes = await Promise.all(readers.map((read) => read(1)))
      for (const holder of holders) holder.stdin!.end()
      await Promise.all(holders.map(exited))
      expect(
        outcomes.filter((line) => line === 'locked'),
        `round ${round}: ${outcomes.join(' | ')}`,
      ).toHaveLength(1)
      expect(
        outcomes.find((line) => line !== 'locked'),
        `round ${round}`,
      ).toMatch(/^refused DataDirLockedError: The data directory .* is in use by another tessera-server process/)
    }
  }, 120_000)

  it.runIf(onPglite)(
    'lets exactly one of two servers started at once on one data directory open it; the other says why',
    async () => {
      const dataDir = preparedDataDir()
      const servers = [startServer(dataDir), startServer(dataDir)]
      const outcomes = await Promise.allSettled(servers.map((server) => waitForOutput(server, /ready at/)))
      try {
        expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1)
        const refused = outcomes.find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult
        expect(String(refused.reason)).toMatch(/The data directory .* is in use by another tessera-server process/)
      } finally {
        await Promise.all(servers.map(killed))
      }
    },
    120_000,
  )
})
