import { request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve, type ServerType } from '@hono/node-server'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { limitBody } from './limit-body.js'

const maxSize = 64

/** Sends over real HTTP, so Node's request (not a test Request) reaches the middleware; `chunked` drops the length. */
function send(port: number, method: string, body: string | undefined, chunked: boolean): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const headers = body === undefined || chunked ? {} : { 'content-length': String(Buffer.byteLength(body)) }
    const sent = request({ port, host: '127.0.0.1', method, path: '/echo', headers }, (response) => {
      let text = ''
      response.on('data', (chunk) => (text += chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }))
    })
    sent.on('error', reject)
    if (body !== undefined && chunked) for (let at = 0; at < body.length; at += 16) sent.write(body.slice(at, at + 16))
    sent.end(chunked ? undefined : body)
  })
}

describe('limitBody', () => {
  let server: ServerType
  let port = 0
  beforeAll(async () => {
    const app = new Hono()
    app.use('*', limitBody({ maxSize, onError: (c) => c.text('too large', 413) }))
    app.all('/echo', async (c) => c.text(`${c.req.method}:${await c.req.text()}`))
    server = await new Promise<ServerType>((resolve) => {
      const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started))
    })
    port = (server.address() as AddressInfo).port
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  it('passes a body within the limit, declared or chunked, to the handler whole', async () => {
    const body = 'x'.repeat(maxSize)
    expect(await send(port, 'POST', body, false)).toEqual({ status: 200, text: `POST:${body}` })
    expect(await send(port, 'POST', body, true)).toEqual({ status: 200, text: `POST:${body}` })
    expect(await send(port, 'GET', undefined, false)).toEqual({ status: 200, text: 'GET:' })
  })

  it('refuses a body over the limit by its declared length and by counting a chunked one', async () => {
    const body = 'x'.repeat(maxSize + 1)
    expect(await send(port, 'POST', body, false)).toEqual({ status: 413, text: 'too large' })
    expect(await send(port, 'POST', body, true)).toEqual({ status: 413, text: 'too large' })
  })
})
