import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { callJsonRpc } from './json-rpc.js'
import { ProviderRpcError } from './provider-rpc-error.js'

/** A local HTTP endpoint whose answer each test sets; it records the bodies it was sent. */
let answer: (body: { id: number; method: string; params: unknown[] }, response: ServerResponse) => void
const received: unknown[] = []
let server: Server
let url: string

const json = (response: ServerResponse, status: number, value: unknown) =>
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value))

beforeAll(async () => {
  server = createServer((request: IncomingMessage, response) => {
    let text = ''
    request.on('data', (chunk: Buffer) => (text += chunk.toString()))
    request.on('end', () => {
      const body = JSON.parse(text) as { id: number; method: string; params: unknown[] }
      received.push(body)
      answer(body, response)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/rpc`
})
afterAll(() => new Promise((resolve) => server.close(resolve)))
afterEach(() => {
  received.length = 0
  vi.useRealTimers()
})

describe('callJsonRpc', () => {
  it('posts a JSON-RPC 2.0 request and answers its result', async () => {
    answer = (body, response) => json(response, 200, { jsonrpc: '2.0', id: body.id, result: '0x7a69' })
    await expect(callJsonRpc<string>(url, 'eth_chainId', [])).resolves.toBe('0x7a69')
    expect(received).toEqual([expect.objectContaining({ jsonrpc: '2.0', method: 'eth_chainId', params: [], id: expect.any(Number) })])
  })

  it('passes an RPC error through as a ProviderRpcError with its code, message and data (-32000 included)', async () => {
    answer = (body, response) =>
      json(response, 200, { jsonrpc: '2.0', id: body.id, error: { code: -32000, message: 'insufficient funds for gas * price + value', data: '0xdead' } })
    const error = await callJsonRpc(url, 'eth_sendRawTransaction', ['0x00']).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ProviderRpcError)
    expect(error).toMatchObject({ code: -32000, message: 'insufficient funds for gas * price + value', data: '0xdead' })
  })

  it('keeps the RPC error of a non-2xx answer that carries one (a rate limit)', async () => {
    answer = (body, response) => json(response, 429, { jsonrpc: '2.0', id: body.id, error: { code: -32005, message: 'rate limited' } })
    await expect(callJsonRpc(url, 'eth_blockNumber', [])).rejects.toMatchObject({ name: 'ProviderRpcError', code: -32005, message: 'rate limited' })
  })

  it('a failed HTTP answer without an RPC error is -32603 naming the status', async () => {
    answer = (_body, response) => response.writeHead(502, { 'content-type': 'text/plain' }).end('Bad Gateway')
    await expect(callJsonRpc(url, 'eth_blockNumber', [])).rejects.toMatchObject({
      name: 'ProviderRpcError',
      code: -32603,
      message: 'RPC request failed with status 502',
    })
  })

  it('an RPC that never answers fails after 10 s instead of hanging', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const stalled: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)))
    const call = callJsonRpc(url, 'eth_blockNumber', [], stalled).catch((caught: unknown) => caught)
    await vi.advanceTimersByTimeAsync(10_000)
    const outcome = await Promise.race([call, new Promise((resolve) => setImmediate(() => resolve('still waiting')))])
    expect(outcome).toBeInstanceOf(ProviderRpcError)
    expect(outcome).toMatchObject({ code: -32603 })
  })
})
