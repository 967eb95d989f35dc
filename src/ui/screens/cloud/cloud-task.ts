/**
 * The cloud backup or recovery a click started. The click itself must call the core (the provider's window opens
 * inside it, or the browser blocks it); the screen that follows, loaded later, shows how that call goes.
 */
import type { CloudRecoveryProvider } from '../../../core/index.js'

export interface CloudTask {
  provider: CloudRecoveryProvider
  result: Promise<unknown>
  /** A login's creation backed up to the provider (`createLoginWallets`): success goes on to the login's end. */
  creating?: boolean
}

let started: CloudTask | null = null

export function startCloudTask(task: CloudTask): void {
  task.result.catch(() => undefined)
  started = task
}

/** The task started last, until the screen showing it closes (read twice under React's strict mode, it stays the same). */
export const startedCloudTask = (): CloudTask | null => started

export function forgetCloudTask(task: CloudTask | null): void {
  if (started === task) started = null
}
