/**
 * What crosses between the page, its frames and the network in one browser context, recorded from the first script
 * of every frame on: the wallet tests search it for secrets that must never leave the wallet frame (docs/security.md #42, #48).
 */
import type { BrowserContext } from 'playwright-core'

export interface RecordedMessage {
  /** The receiving window: origin and path. */
  at: string
  /** The sender's origin. */
  origin: string
  /** The message's data as JSON, bytes as hex. */
  data: string
}

export interface RecordedRequest {
  method: string
  url: string
  headers: string
  body: string
  response: Promise<string>
}

export interface Recording {
  messages: RecordedMessage[]
  requests: RecordedRequest[]
}

export async function recordContext(context: BrowserContext): Promise<Recording> {
  const recording: Recording = { messages: [], requests: [] }
  await context.exposeBinding('__tesseraRecordMessage', (_source, entry: string) => void recording.messages.push(JSON.parse(entry) as RecordedMessage))
  await context.addInitScript(() => {
    const hex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
    const replacer = (_key: string, value: unknown) =>
      value instanceof ArrayBuffer
        ? hex(new Uint8Array(value))
        : ArrayBuffer.isView(value)
          ? hex(new Uint8Array(value.buffer, value.byteOffset, value.byteLength))
          : value
    addEventListener(
      'message',
      (event) => {
        const entry = JSON.stringify({ at: location.origin + location.pathname, origin: event.origin, data: JSON.stringify(event.data, replacer) })
        void (window as unknown as { __tesseraRecordMessage(entry: string): Promise<void> }).__tesseraRecordMessage(entry)
      },
      true,
    )
  })
  context.on('request', (request) => {
    recording.requests.push({
      method: request.method(),
      url: request.url(),
      headers: JSON.stringify(request.headers()),
      body: request.postData() ?? '',
      response: request
        .response()
        .then((response) => response?.text() ?? '')
        .catch(() => ''),
    })
  })
  return recording
}

/** A request as one searchable text: URL, headers, body and the response body. */
export const requestText = async (request: RecordedRequest): Promise<string> => `${request.url}\n${request.headers}\n${request.body}\n${await request.response}`

/** Every text form bytes could travel in: hex, base64 (with and without padding) and base64url. */
export function secretForms(bytes: Uint8Array): string[] {
  const buffer = Buffer.from(bytes)
  return [buffer.toString('hex'), buffer.toString('base64'), buffer.toString('base64').replace(/=+$/, ''), buffer.toString('base64url')]
}
