import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it, vi } from 'vitest'
import { FRAME_READY_EVENT } from '../protocol/index.js'
import type { FrameHandlers } from './handlers/index.js'
import { listenToParent } from './listener.js'
import { fakeFrameWindow } from './test-support/fake-parent.js'

const parentOrigin = 'https://app.example'
const settle = () => new Promise((resolve) => setTimeout(resolve, 10))

function started(handlers: FrameHandlers = {}) {
  const fake = fakeFrameWindow()
  const stop = listenToParent(fake.frameWindow, parentOrigin, handlers)
  return { ...fake, stop }
}

describe('listenToParent', () => {
  it('posts nothing unasked (a reference client cannot match it) and answers ready requests to the parent origin', async () => {
    const frame = started()
    expect(frame.posted).toEqual([])
    frame.deliver({ source: frame.parent, origin: parentOrigin, data: { id: 'ready', event: FRAME_READY_EVENT, data: {} } })
    await settle()
    expect(frame.posted[0]).toEqual({ message: { id: 'ready', event: FRAME_READY_EVENT, data: {} }, targetOrigin: parentOrigin })
  })

  it('drops messages from another window, another origin or of another shape, without running anything (docs/security.md #40)', async () => {
    const connect = vi.fn(async () => ({ entropyId: 'x' }))
    const frame = started({ connect })
    const request = { id: 'c1', event: 'connect', data: { accessToken: 't', entropyId: 'x', entropyIdVerifier: 'ethereum-address-verifier' } }
    frame.deliver({ source: { postMessage() {} }, origin: parentOrigin, data: request })
    frame.deliver({ source: frame.parent, origin: 'https://evil.example', data: request })
    frame.deliver({ source: frame.parent, origin: 'null', data: request })
    for (const data of [
      null,
      'connect',
      [],
      { ...request, id: '' },
      { ...request, event: 'eval' },
      { ...request, data: 'x' },
      { ...request, id: 'x'.repeat(101) },
    ]) {
      frame.deliver({ source: frame.parent, origin: parentOrigin, data })
    }
    await settle()
    expect(connect).not.toHaveBeenCalled()
    expect(frame.posted).toHaveLength(0)

    frame.deliver({ source: frame.parent, origin: parentOrigin, data: request })
    await settle()
    expect(connect).toHaveBeenCalledTimes(1)
    expect(frame.posted[0]).toEqual({ message: { id: 'c1', event: 'connect', data: { entropyId: 'x' } }, targetOrigin: parentOrigin })
  })

  it('answers failures as {type, message}: its own errors with their copy, anything else with the event’s generic copy', async () => {
    const frame = started({
      connect: async () => {
        throw Object.assign(new Error('Wallet not found on this device'), { name: 'FrameError', type: 'wallet_not_on_device' })
      },
      recover: async () => {
        throw new Error('internal detail that must not reach the host')
      },
    })
    frame.deliver({ source: frame.parent, origin: parentOrigin, data: { id: 'a', event: 'connect', data: {} } })
    frame.deliver({ source: frame.parent, origin: parentOrigin, data: { id: 'b', event: 'recover', data: {} } })
    frame.deliver({ source: frame.parent, origin: parentOrigin, data: { id: 'c', event: 'mfa:verify', data: {} } })
    await settle()
    // Replies go out as each operation ends, not in arrival order.
    const replies = frame.posted.map(({ message }) => message as { id: string })
    expect(replies.sort((a, b) => a.id.localeCompare(b.id))).toEqual([
      { id: 'a', event: 'connect', error: { type: 'wallet_not_on_device', message: 'Wallet not found on this device' } },
      { id: 'b', event: 'recover', error: { type: 'error', message: 'Unable to recover wallet' } },
      { id: 'c', event: 'mfa:verify', error: { type: 'error', message: 'Unsupported action: mfa:verify' } },
    ])
  })

  it('stops listening when stopped', () => {
    const frame = started()
    expect(frame.listenerCount()).toBe(1)
    frame.stop()
    expect(frame.listenerCount()).toBe(0)
  })
})

describe('static check: the frame never posts to "*" (docs/security.md #40)', () => {
  it('every postMessage call in the frame’s shipped code names a target origin variable', () => {
    const root = fileURLToPath(new URL('.', import.meta.url))
    const files = readdirSync(root, { recursive: true })
      .map(String)
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.includes('test-support'))
    const calls = files.flatMap((file) => [...readFileSync(join(root, file), 'utf8').matchAll(/postMessage\(([^)]*)\)/g)].map((match) => match[1]!))
    expect(calls.length).toBeGreaterThan(0)
    for (const args of calls) expect(args).not.toMatch(/['"`]\*['"`]/)
  })
})
