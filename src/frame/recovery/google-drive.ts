/**
 * The wallet frame's Google Drive client (Drive v3, app-data folder only: the `drive.appdata` scope lets it see
 * nothing else of the user's Drive). It keeps one small file per backup: the key that opens the recovery share.
 * The access token comes from the host's recovery OAuth popup with each call and is never stored.
 */
import { base64ToBytes, bytesToBase64 } from '../encoding.js'
import { FrameError } from '../errors.js'

export interface CloudKeyStore {
  /** Writes a new key file; the name is returned for the sealed share to point at. */
  write(accessToken: string, name: string, key: Uint8Array): Promise<void>
  /** The key in file `name`; the frame error 'Unable to recover wallet' when there is none (another Google account). */
  read(accessToken: string, name: string): Promise<Uint8Array>
  /** Deletes every key file of `entropyId` except `keep` (after a new backup is in place). */
  prune(accessToken: string, entropyId: string, keep: string): Promise<void>
}

/** A Drive file per backup: the wallet's id plus a random part, so a new backup never overwrites the one in use. */
export const keyFileName = (entropyId: string) =>
  `${keyFilePrefix(entropyId)}${bytesToBase64(crypto.getRandomValues(new Uint8Array(9))).replace(/[+/]/g, '_')}.json`
const keyFilePrefix = (entropyId: string) => `tessera-recovery-${entropyId}-`

const unauthorized = () => new FrameError('error', 'Unable to authorize user')
const notFound = () => new FrameError('error', 'Unable to recover wallet')

export function googleDriveKeyStore(apiUrl: string, fetchImpl: typeof fetch = fetch): CloudKeyStore {
  const base = apiUrl.replace(/\/+$/, '')
  async function call(accessToken: string, path: string, init: RequestInit = {}): Promise<Response> {
    const response = await fetchImpl(`${base}${path}`, { ...init, headers: { ...init.headers, authorization: `Bearer ${accessToken}` } }).catch(() => {
      throw new FrameError('error', 'Recovery OAuth failed')
    })
    if (response.status === 401 || response.status === 403) throw unauthorized()
    if (!response.ok) throw new FrameError('error', `Google Drive answered ${response.status}`)
    return response
  }
  const list = async (accessToken: string, q: string): Promise<{ id: string; name: string }[]> => {
    const response = await call(accessToken, `/drive/v3/files?spaces=appDataFolder&fields=${encodeURIComponent('files(id,name)')}&q=${encodeURIComponent(q)}`)
    const { files } = (await response.json()) as { files?: { id: string; name: string }[] }
    return files ?? []
  }
  const quoted = (text: string) => `'${text.replace(/['\\]/g, '\\$&')}'`

  return {
    async write(accessToken, name, key) {
      const boundary = `tessera-${crypto.randomUUID()}`
      const metadata = JSON.stringify({ name, parents: ['appDataFolder'] })
      const body = `--${boundary}\r\ncontent-type: application/json; charset=UTF-8\r\n\r\n${metadata}\r\n--${boundary}\r\ncontent-type: application/json\r\n\r\n${JSON.stringify({ version: 1, key: bytesToBase64(key) })}\r\n--${boundary}--`
      await call(accessToken, '/upload/drive/v3/files?uploadType=multipart', {
        method: 'POST',
        headers: { 'content-type': `multipart/related; boundary=${boundary}` },
        body,
      })
    },
    async read(accessToken, name) {
      const [file] = await list(accessToken, `name = ${quoted(name)}`)
      if (!file) throw notFound()
      const content = (await (await call(accessToken, `/drive/v3/files/${encodeURIComponent(file.id)}?alt=media`)).json().catch(() => null)) as {
        key?: unknown
      } | null
      const key = typeof content?.key === 'string' ? base64ToBytes(content.key) : null
      if (key?.length !== 32) throw notFound()
      return key
    },
    async prune(accessToken, entropyId, keep) {
      const stale = (await list(accessToken, `name contains ${quoted(keyFilePrefix(entropyId))}`)).filter(
        (file) => file.name !== keep && file.name.startsWith(keyFilePrefix(entropyId)),
      )
      for (const file of stale) await call(accessToken, `/drive/v3/files/${encodeURIComponent(file.id)}`, { method: 'DELETE' })
    },
  }
}
