/**
 * Solves an ALTCHA proof of work (brute force 0..maxnumber) in a Worker made from a Blob when the browser
 * allows it, else in chunks on the main thread. Loaded lazily: none of it is in the modal's first chunk.
 */
import type { CaptchaChallengeDto } from '../../../protocol/index.js'
import { requestAbortedError } from '../../errors/client-errors.js'
import { sha256 } from '@noble/hashes/sha2'
import { findAltchaNumber, type AltchaSearch } from './find-number.js'

/** Numbers tried between two yields to the event loop on the main thread. */
const MAIN_THREAD_CHUNK = 500

export interface WorkerLike {
  onmessage: ((event: { data: unknown }) => void) | null
  onerror: ((event: unknown) => void) | null
  postMessage(message: unknown): void
  terminate(): void
}

export interface SolveOptions {
  signal?: AbortSignal
  /** Null runs on the main thread; defaults to a real Worker where one exists. */
  createWorker?: ((url: string) => WorkerLike) | null
}

const workerSource = () =>
  `const findAltchaNumber = ${findAltchaNumber.toString()};\n` +
  'self.onmessage = (event) => findAltchaNumber(event.data).then((number) => self.postMessage({ number }), (error) => self.postMessage({ error: String(error) }));\n'

const defaultCreateWorker = (): SolveOptions['createWorker'] =>
  typeof Worker === 'function' && typeof URL.createObjectURL === 'function' ? (url) => new Worker(url) as unknown as WorkerLike : null

/** The solution number, or null when no number up to `maxnumber` matches. */
export async function solveAltcha(challenge: CaptchaChallengeDto, options: SolveOptions = {}): Promise<number | null> {
  const createWorker = options.createWorker !== undefined ? options.createWorker : defaultCreateWorker()
  const search = { challenge: challenge.challenge, salt: challenge.salt, start: 0, end: challenge.maxnumber }
  if (createWorker) {
    const result = await solveInWorker(createWorker, search, options.signal)
    if (result !== 'unavailable') return result
  }
  return solveOnMainThread(search, options.signal)
}

/** `unavailable` when the worker cannot start or run here (a CSP without blob: workers): the caller falls back. */
function solveInWorker(createWorker: (url: string) => WorkerLike, search: AltchaSearch, signal?: AbortSignal): Promise<number | null | 'unavailable'> {
  if (signal?.aborted) return Promise.reject(requestAbortedError())
  let url: string
  let worker: WorkerLike
  try {
    url = URL.createObjectURL(new Blob([workerSource()], { type: 'text/javascript' }))
    worker = createWorker(url)
  } catch {
    return Promise.resolve('unavailable')
  }
  return new Promise((resolve, reject) => {
    const finish = (settle: () => void) => {
      worker.terminate()
      URL.revokeObjectURL(url)
      signal?.removeEventListener('abort', onAbort)
      settle()
    }
    const onAbort = () => finish(() => reject(requestAbortedError()))
    signal?.addEventListener('abort', onAbort, { once: true })
    worker.onmessage = ({ data }) => {
      const message = data as { number?: number | null; error?: string }
      finish(() => ('error' in message ? resolve('unavailable') : resolve(message.number ?? null)))
    }
    worker.onerror = () => finish(() => resolve('unavailable'))
    worker.postMessage(search)
  })
}

async function solveOnMainThread(search: AltchaSearch, signal?: AbortSignal): Promise<number | null> {
  for (let start = search.start; start <= search.end; start += MAIN_THREAD_CHUNK) {
    if (signal?.aborted) throw requestAbortedError()
    // @noble/hashes: the page may not be a secure context, where WebCrypto is missing.
    const found = await findAltchaNumber({ ...search, start, end: Math.min(search.end, start + MAIN_THREAD_CHUNK - 1) }, sha256)
    if (found !== null) return found
    // Lets the page paint and handle input between chunks.
    await new Promise((resolve) => setTimeout(resolve, 0))
  }
  return null
}

/** The token the server expects: base64 of the JSON payload `{algorithm, challenge, number, salt, signature}`. */
export function altchaToken(challenge: CaptchaChallengeDto, number: number): string {
  const { algorithm, salt, signature } = challenge
  return btoa(JSON.stringify({ algorithm, challenge: challenge.challenge, number, salt, signature }))
}
