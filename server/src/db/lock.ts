import { closeSync, constants, ftruncateSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { tryLock, unlock } from 'fs-native-extensions'

export class DataDirLockedError extends Error {
  constructor(
    dataDir: string,
    readonly pid?: number,
  ) {
    const owner = pid ? ` (pid ${pid})` : ''
    super(`The data directory ${dataDir} is in use by another tessera-server process${owner}. Stop it first, or use another --data-dir.`)
    this.name = 'DataDirLockedError'
  }
}

/** The pid the holder wrote, for the message only: the OS lock, not this number, decides who owns the directory. */
function ownerPid(path: string): number | undefined {
  const pid = Number(readFileSync(path, 'utf8').trim())
  return Number.isInteger(pid) && pid > 0 ? pid : undefined
}

/**
 * Takes an exclusive lock on `dataDir` (PGlite allows one process per data directory). Returns the release function.
 * The lock is an OS file lock on `server.lock`, held by the open file: the kernel drops it when the process dies (even
 * by kill -9), so no stale lock can strand a restart, and taking it is one atomic call, so two starts never both win.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true })
  const path = join(dataDir, 'server.lock')
  const fd = openSync(path, constants.O_RDWR | constants.O_CREAT, 0o600)
  if (!tryLock(fd)) {
    closeSync(fd)
    throw new DataDirLockedError(dataDir, ownerPid(path))
  }
  ftruncateSync(fd)
  writeSync(fd, String(process.pid), 0)
  let held = true
  // The file stays: removing it would let a process that opened it before the removal lock an orphaned copy.
  return () => {
    if (!held) return
    held = false
    unlock(fd)
    closeSync(fd)
  }
}
