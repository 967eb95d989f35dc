/**
 * A local stand-in for the Google Drive v3 API's app-data folder (https://developers.google.com/drive/api/guides/appdata),
 * for the tests and `npm start`: the calls the wallet frame makes, in Drive's documented shapes and errors, with
 * CORS as googleapis.com answers a browser. Tokens are the local OAuth provider's (`verifyToken`); each account sees
 * only its own files, and only with the drive.appdata scope.
 * - `GET /drive/v3/files?spaces=appDataFolder&q=name = '…'` (or `name contains '…'`) → `{ files: [{ id, name }] }`
 * - `POST /upload/drive/v3/files?uploadType=multipart` (multipart/related: JSON metadata with
 *   `parents: ['appDataFolder']`, then the media) → `{ id, name }`
 * - `GET /drive/v3/files/{id}?alt=media` → the content; `DELETE /drive/v3/files/{id}` → 204
 */
import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { GOOGLE_DRIVE_APPDATA_SCOPE } from '../../src/protocol/index.js'

export interface DriveFile {
  id: string
  name: string
  owner: string
  content: Buffer
}

export interface GoogleDriveStandIn {
  /** The API base URL (what googleapis.com is for the real service). */
  url: string
  /** Every file, for assertions (a test may check what a user's Drive holds). */
  files(): DriveFile[]
  close(): Promise<void>
}

export interface StartGoogleDriveOptions {
  /** The account and scopes of a bearer token, or null when it is not a valid token. */
  verifyToken(token: string): Promise<{ sub: string; scopes: string[] } | null>
  host?: string
}

/** Drive's JSON error shape. */
function driveError(res: ServerResponse, code: number, status: string, message: string): void {
  res.writeHead(code, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code, message, status, errors: [{ message, domain: 'global' }] } }))
}

const readBody = (req: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => resolve(Buffer.concat(chunks)))
    req.on('error', reject)
  })

/** The two parts of a `multipart/related` upload: metadata JSON and media. */
function multipartParts(body: Buffer, contentType: string): { metadata: Record<string, unknown>; media: Buffer } | null {
  const boundary = /boundary="?([^";]+)"?/.exec(contentType)?.[1]
  if (!boundary) return null
  const parts = body.toString('latin1').split(`--${boundary}`).slice(1, -1)
  if (parts.length !== 2) return null
  const [metadataPart, mediaPart] = parts.map((part) => part.slice(part.indexOf('\r\n\r\n') + 4).replace(/\r\n$/, ''))
  try {
    return { metadata: JSON.parse(metadataPart!) as Record<string, unknown>, media: Buffer.from(mediaPart!, 'latin1') }
  } catch {
    return null
  }
}

/** The query forms the frame sends: `name = '…'` and `name contains '…'` (Drive escapes quotes with a backslash). */
function nameFilter(q: string | null): ((name: string) => boolean) | null {
  if (!q) return () => true
  const match = /^name\s+(=|contains)\s+'((?:[^'\\]|\\.)*)'$/.exec(q.trim())
  if (!match) return null
  const value = match[2]!.replace(/\\(.)/g, '$1')
  // Drive's `contains` on names is a prefix match.
  return match[1] === '=' ? (name) => name === value : (name) => name.startsWith(value)
}

export async function startGoogleDrive(options: StartGoogleDriveOptions): Promise<GoogleDriveStandIn> {
  const files = new Map<string, DriveFile>()
  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) driveError(res, 500, 'INTERNAL', 'Internal error')
      else res.end()
    })
  })

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // googleapis.com answers browsers with CORS for any origin that presents a token.
    res.setHeader('access-control-allow-origin', req.headers.origin ?? '*')
    res.setHeader('vary', 'origin')
    if (req.method === 'OPTIONS') {
      res
        .writeHead(204, {
          'access-control-allow-methods': 'GET, POST, PATCH, DELETE',
          'access-control-allow-headers': 'authorization, content-type',
          'access-control-max-age': '600',
        })
        .end()
      return
    }
    const url = new URL(req.url ?? '/', 'http://drive.local')
    const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1]
    const grant = token ? await options.verifyToken(token) : null
    if (!grant) return driveError(res, 401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.')
    if (!grant.scopes.includes(GOOGLE_DRIVE_APPDATA_SCOPE)) return driveError(res, 403, 'PERMISSION_DENIED', 'Request had insufficient authentication scopes.')
    const owned = (id: string) => {
      const file = files.get(id)
      return file && file.owner === grant.sub ? file : null
    }

    if (req.method === 'GET' && url.pathname === '/drive/v3/files') {
      if (url.searchParams.get('spaces') !== 'appDataFolder')
        return driveError(res, 403, 'PERMISSION_DENIED', 'The granted scopes do not give access to all of the requested spaces.')
      const matches = nameFilter(url.searchParams.get('q'))
      if (!matches) return driveError(res, 400, 'INVALID_ARGUMENT', 'Invalid Value')
      const found = [...files.values()].filter((file) => file.owner === grant.sub && matches(file.name))
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ kind: 'drive#fileList', files: found.map(({ id, name }) => ({ kind: 'drive#file', id, name })) }))
      return
    }
    if (req.method === 'POST' && url.pathname === '/upload/drive/v3/files') {
      if (url.searchParams.get('uploadType') !== 'multipart') return driveError(res, 400, 'INVALID_ARGUMENT', 'Invalid upload type')
      const parts = multipartParts(await readBody(req), req.headers['content-type'] ?? '')
      if (!parts || typeof parts.metadata.name !== 'string') return driveError(res, 400, 'INVALID_ARGUMENT', 'Invalid multipart request')
      const parents = parts.metadata.parents
      if (!Array.isArray(parents) || parents.length !== 1 || parents[0] !== 'appDataFolder')
        return driveError(res, 403, 'PERMISSION_DENIED', 'The granted scopes do not give access to all of the requested spaces.')
      const file: DriveFile = { id: randomBytes(16).toString('base64url'), name: parts.metadata.name, owner: grant.sub, content: parts.media }
      files.set(file.id, file)
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ kind: 'drive#file', id: file.id, name: file.name }))
      return
    }
    const byId = /^\/drive\/v3\/files\/([\w-]+)$/.exec(url.pathname)
    const file = byId ? owned(byId[1]!) : null
    if (byId && !file) return driveError(res, 404, 'NOT_FOUND', `File not found: ${byId[1]}.`)
    if (file && req.method === 'GET' && url.searchParams.get('alt') === 'media') {
      res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(file.content)
      return
    }
    if (file && req.method === 'DELETE') {
      files.delete(file.id)
      res.writeHead(204).end()
      return
    }
    driveError(res, 404, 'NOT_FOUND', 'Not Found')
  }

  await new Promise<void>((resolve) => server.listen(0, options.host ?? '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    files: () => [...files.values()],
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
