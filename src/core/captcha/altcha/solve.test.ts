import { resolveObjectURL } from 'node:buffer'
import { createHash } from 'node:crypto'
import { Worker as ThreadWorker } from 'node:worker_threads'
import { afterEach, describe, expect, it } from 'vitest'
import { altchaChallenge } from '../test-support/altcha-challenge.js'
import { altchaToken, solveAltcha, type WorkerLike } from './solve.js'

/**
 * A browser-like Worker on a real thread: it runs the Blob's source text as the page would, so the test
 * proves the solver survives being turned into source (no imports, no outer names).
 */
class ThreadBackedWorker implements WorkerLike {
  static started: ThreadBackedWorker[] = []
  onmessage: ((event: { data: unknown }) => void) | null = null
  onerror: ((event: unknown) => void) | null = null
  terminated = false
  answers: unknown[] = []
  private thread: ThreadWorker
  private ready: Promise<void>

  constructor(url: string) {
    ThreadBackedWorker.started.push(this)
    let source = ''
    this.ready = resolveObjectURL(url)!
      .text()
      .then((text) => void (source = text))
    this.thread = null as unknown as ThreadWorker
    void this.ready.then(() => {
      const shim =
        "const { parentPort } = require('node:worker_threads'); const self = { postMessage: (m) => parentPort.postMessage(m) }; parentPort.on('message', (data) => self.onmessage({ data }));\n"
      this.thread = new ThreadWorker(shim + source, { eval: true })
      this.thread.on('message', (data: unknown) => {
        this.answers.push(data)
        this.onmessage?.({ data })
      })
      this.thread.on('error', (error) => this.onerror?.(error))
    })
  }
  postMessage(message: unknown) {
    void this.ready.then(() => this.thread.postMessage(message))
  }
  terminate() {
    this.terminated = true
    void this.ready.then(() => this.thread.terminate())
  }
}

afterEach(() => {
  ThreadBackedWorker.started.length = 0
})

describe('ALTCHA solver', () => {
  it('finds the number on the main thread and encodes the token the server reads', async () => {
    const challenge = altchaChallenge({ number: 1_234, maxnumber: 5_000 })
    const number = await solveAltcha(challenge, { createWorker: null })
    expect(number).toBe(1_234)
    const payload = JSON.parse(Buffer.from(altchaToken(challenge, number!), 'base64').toString('utf8')) as Record<string, unknown>
    expect(payload).toEqual({ algorithm: 'SHA-256', challenge: challenge.challenge, number: 1_234, salt: challenge.salt, signature: challenge.signature })
    expect(createHash('sha256').update(`${challenge.salt}${payload.number}`).digest('hex')).toBe(challenge.challenge)
  })

  it('finds 0 and maxnumber themselves, and answers null when no number up to maxnumber matches', async () => {
    expect(await solveAltcha(altchaChallenge({ number: 0, maxnumber: 10 }), { createWorker: null })).toBe(0)
    expect(await solveAltcha(altchaChallenge({ number: 1_000, maxnumber: 1_000 }), { createWorker: null })).toBe(1_000)
    expect(await solveAltcha(altchaChallenge({ number: 1_001, maxnumber: 1_000 }), { createWorker: null })).toBeNull()
  })

  it('solves off the main thread in a worker built from the solver source', async () => {
    const challenge = altchaChallenge({ number: 3_210, maxnumber: 10_000 })
    const number = await solveAltcha(challenge, { createWorker: (url) => new ThreadBackedWorker(url) })
    expect(number).toBe(3_210)
    expect(ThreadBackedWorker.started).toHaveLength(1)
    expect(ThreadBackedWorker.started[0]!.answers).toEqual([{ number: 3_210 }])
    expect(ThreadBackedWorker.started[0]!.terminated).toBe(true)
  })

  it('falls back to the main thread when no worker can start (a CSP without blob: workers)', async () => {
    const challenge = altchaChallenge({ number: 77, maxnumber: 1_000 })
    const number = await solveAltcha(challenge, {
      createWorker: () => {
        throw new DOMException('Refused to create a worker', 'SecurityError')
      },
    })
    expect(number).toBe(77)
  })

  it('stops when aborted', async () => {
    const challenge = altchaChallenge({ number: 900_000, maxnumber: 1_000_000 })
    const controller = new AbortController()
    const solving = solveAltcha(challenge, { createWorker: null, signal: controller.signal })
    setTimeout(() => controller.abort(), 20)
    await expect(solving).rejects.toMatchObject({ code: 'client_request_aborted' })
  })

  it('terminates the worker when aborted', async () => {
    const challenge = altchaChallenge({ number: 5_000_000, maxnumber: 10_000_000 })
    const controller = new AbortController()
    const solving = solveAltcha(challenge, { createWorker: (url) => new ThreadBackedWorker(url), signal: controller.signal })
    setTimeout(() => controller.abort(), 50)
    await expect(solving).rejects.toMatchObject({ code: 'client_request_aborted' })
    expect(ThreadBackedWorker.started[0]!.terminated).toBe(true)
  })
})
