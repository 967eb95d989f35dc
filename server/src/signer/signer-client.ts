import { fork, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { DatabaseUnavailableError } from '../db/unavailable.js'
import { ApiError } from '../http/api-error.js'
import type { Logger } from '../logger.js'
import type { FromSigner, SignerOperation, SignerProcessSettings, ToSigner } from './ipc-messages.js'
import type { SealedKeyExport, SignerKey, SignerResponse, WalletSigner } from './types.js'

const SIGNER_ENTRY = fileURLToPath(new URL('./signer-process.mjs', import.meta.url))

export interface SignerClientOptions {
  settings: SignerProcessSettings
  logger: Logger
  /** A first start creates the signer's PGlite store (15-30 s on small machines). */
  startTimeoutMs?: number
  requestTimeoutMs?: number
}

/** The signer as the API process sees it; `pid()` names the running process (undefined before the first use). */
export interface SignerClient extends WalletSigner {
  pid(): number | undefined
}

/** The process ended or stopped answering under a request: worth one more try on a new process. */
class SignerGoneError extends Error {
  override name = 'SignerGoneError'
}

const unavailable = () => new ApiError(500, 'internal_error', 'The signer is unavailable')

interface Pending {
  child: ChildProcess
  resolve(value: unknown): void
  reject(error: Error): void
  timer: NodeJS.Timeout
}

/** The requests sent to a signer and not answered yet, by id. */
function pendingRequests(logger: Logger) {
  const pending = new Map<number, Pending>()
  let nextId = 0
  const settle = (id: number, outcome: (entry: Pending) => void) => {
    const entry = pending.get(id)
    if (!entry) return
    pending.delete(id)
    clearTimeout(entry.timer)
    outcome(entry)
  }
  return {
    /** Sends a call; a signer that does not answer in time is ended (its requests then go to the next one). */
    send(child: ChildProcess, operation: SignerOperation, input: unknown, timeoutMs: number): Promise<unknown> {
      // It died between starting and this call: its exit has already been handled.
      if (!child.connected) return Promise.reject(new SignerGoneError('The signer ended'))
      return new Promise((resolve, reject) => {
        const id = ++nextId
        const timer = setTimeout(() => {
          child.kill('SIGKILL')
          settle(id, (entry) => entry.reject(new SignerGoneError('The signer did not answer')))
        }, timeoutMs)
        pending.set(id, { child, resolve, reject, timer })
        child.send({ type: 'call', id, operation, input } satisfies ToSigner)
      })
    },
    answer(message: Extract<FromSigner, { type: 'result' }>): void {
      settle(message.id, (entry) => {
        if (message.ok) return entry.resolve(message.value)
        if (message.refusal) return entry.reject(new ApiError(message.refusal.status, message.refusal.code, message.refusal.message))
        if (message.unavailable) return entry.reject(new DatabaseUnavailableError(new Error("The signer's store is unavailable")))
        logger.error({ failure: message.failure }, 'the signer failed a request')
        entry.reject(new ApiError(500, 'internal_error', 'The signer could not complete the request'))
      })
    },
    abandon(child: ChildProcess): void {
      for (const [id, entry] of pending) if (entry.child === child) settle(id, (gone) => gone.reject(new SignerGoneError('The signer ended')))
    },
  }
}

type Requests = ReturnType<typeof pendingRequests>

/** Forks the signer and hands it its settings; `ready` settles once its store is open (or rejects when it ends first). */
function forkSigner(
  options: SignerClientOptions,
  requests: Requests,
  onExit: (child: ChildProcess) => void,
): { child: ChildProcess; ready: Promise<ChildProcess> } {
  const { logger, startTimeoutMs = 120_000 } = options
  const child = fork(SIGNER_ENTRY, [], { execArgv: [], serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
  // An idle signer never keeps the API process alive; pending requests' timers do while they wait.
  child.unref()
  child.channel?.unref()
  const ready = new Promise<ChildProcess>((resolve, reject) => {
    const timer = setTimeout(() => {
      logger.error('the signer did not start in time')
      child.kill('SIGKILL')
    }, startTimeoutMs)
    child.on('message', (message: FromSigner) => {
      if (message.type === 'ready') {
        clearTimeout(timer)
        resolve(child)
      } else if (message.type === 'note') logger.info(`signer: ${message.message}`)
      else if (message.type === 'failed') logger.error({ reason: message.reason }, 'the signer could not start')
      else requests.answer(message)
    })
    child.on('error', (error) => logger.error({ err: error.message }, 'the signer process failed'))
    child.once('exit', () => {
      clearTimeout(timer)
      onExit(child)
      reject(new SignerGoneError('The signer ended before it was ready'))
      requests.abandon(child)
    })
  })
  ready.catch(() => {})
  child.send({ type: 'start', settings: options.settings } satisfies ToSigner)
  return { child, ready }
}

/**
 * Talks to the signer process over the IPC channel of `child_process.fork`: started on first use, started again after
 * it dies (a request it had in hand is sent once more to the new process), ended by `close()`.
 */
export function createSignerClient(options: SignerClientOptions): SignerClient {
  const requests = pendingRequests(options.logger)
  let running: { child: ChildProcess; ready: Promise<ChildProcess> } | undefined
  let closed = false
  const onExit = (child: ChildProcess) => {
    if (running?.child === child) running = undefined
    if (!closed) options.logger.warn({ code: child.exitCode, signal: child.signalCode }, 'the signer process ended')
  }

  async function callOnce(operation: SignerOperation, input: unknown): Promise<unknown> {
    if (closed) throw unavailable()
    running ??= forkSigner(options, requests, onExit)
    return requests.send(await running.ready, operation, input, options.requestTimeoutMs ?? 30_000)
  }

  async function call(operation: SignerOperation, input: unknown): Promise<unknown> {
    try {
      return await callOnce(operation, input)
    } catch (error) {
      if (!(error instanceof SignerGoneError)) throw error
    }
    try {
      return await callOnce(operation, input)
    } catch (error) {
      throw error instanceof SignerGoneError ? unavailable() : error
    }
  }

  return {
    createKey: (input) => call('createKey', input) as Promise<SignerKey>,
    importKey: (input) => call('importKey', input) as Promise<SignerKey>,
    sign: (input) => call('sign', input) as Promise<SignerResponse>,
    exportKey: (input) => call('exportKey', input) as Promise<SealedKeyExport>,
    async start() {
      if (closed) return
      running ??= forkSigner(options, requests, onExit)
      // A close() meanwhile ends it on purpose; anything else is a signer that cannot start.
      await running.ready.then(
        () => {},
        () => {
          if (!closed) throw unavailable()
        },
      )
    },
    pid: () => running?.child.pid,
    async close() {
      closed = true
      const child = running?.child
      if (!child || child.exitCode !== null || child.signalCode !== null) return
      const exited = new Promise((resolve) => child.once('exit', resolve))
      // Disconnecting lets the signer close its store cleanly; one that hangs is killed.
      if (child.connected) child.disconnect()
      else child.kill()
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
      await exited
      clearTimeout(timer)
    },
  }
}
