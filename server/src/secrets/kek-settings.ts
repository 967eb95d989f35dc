import { randomBytes } from 'node:crypto'
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { KeyEncryptionKeys } from './key-encryption-keys.js'
import { KEK_BYTES, localKeyEncryptionKeys } from './local-key-encryption-keys.js'

/** The dev-mode key file, beside (not inside) the embedded database's files. */
export const DEV_KEK_FILE_NAME = 'kek.key'

export interface KekSettings {
  dev: boolean
  /** The data directory; dev mode keeps its key file here (also when the database is PostgreSQL). */
  dataDir: string
  env?: NodeJS.ProcessEnv
  /** Told once, when dev mode creates its key file. */
  say?: (line: string) => void
}

/** Production without a key-encryption key: refused, naming the settings. */
export class MissingKeyEncryptionKeyError extends Error {
  override name = 'MissingKeyEncryptionKeyError'
  constructor() {
    super(
      'No key-encryption key: set TESSERA_KEK to 32 random bytes in base64url (`tessera-server keys generate` prints one) or TESSERA_KEK_FILE to a file holding one. It seals the signing keys, auth shares and server secrets in the database, so keep it apart from the database and its backups (docs/keys.md).',
    )
  }
}

/** 32 bytes from base64url text (a key file may end with a newline); `source` names the setting in the error. */
export function parseKek(text: string, source: string): Buffer {
  const trimmed = text.trim()
  const key = Buffer.from(trimmed, 'base64url')
  if (key.length !== KEK_BYTES || key.toString('base64url') !== trimmed.replace(/=+$/, ''))
    throw new Error(`${source} must hold ${KEK_BYTES} random bytes in base64url (\`tessera-server keys generate\` prints one)`)
  return key
}

export const generateKek = () => randomBytes(KEK_BYTES).toString('base64url')

/** One key from the variable or from the file it names; both set is a mistake. */
function kekFromEnv(env: NodeJS.ProcessEnv, name: string): Buffer | null {
  const inline = env[name]
  const file = env[`${name}_FILE`]
  if (inline && file) throw new Error(`Set ${name} or ${name}_FILE, not both`)
  if (inline) return parseKek(inline, name)
  return file ? parseKek(readFileSync(file, 'utf8'), `${name}_FILE (${file})`) : null
}

/** Keys that still open values during a rotation: TESSERA_KEK_PREVIOUS (comma list) or TESSERA_KEK_PREVIOUS_FILE (one a line). */
function previousKeks(env: NodeJS.ProcessEnv): Buffer[] {
  const inline = env.TESSERA_KEK_PREVIOUS
  const file = env.TESSERA_KEK_PREVIOUS_FILE
  if (inline && file) throw new Error('Set TESSERA_KEK_PREVIOUS or TESSERA_KEK_PREVIOUS_FILE, not both')
  const list = inline ? inline.split(',') : file ? readFileSync(file, 'utf8').split('\n') : []
  return list
    .map((text) => text.trim())
    .filter(Boolean)
    .map((text) => parseKek(text, inline ? 'TESSERA_KEK_PREVIOUS' : 'TESSERA_KEK_PREVIOUS_FILE'))
}

/** Dev mode's key: read from the data directory, or created there once (mode 0600; a racing start keeps the first). */
function devKek(dataDir: string, say: (line: string) => void): Buffer {
  const file = join(resolve(dataDir), DEV_KEK_FILE_NAME)
  try {
    return parseKek(readFileSync(file, 'utf8'), file)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  mkdirSync(resolve(dataDir), { recursive: true })
  const draft = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`
  writeFileSync(draft, `${generateKek()}\n`, { mode: 0o600 })
  try {
    linkSync(draft, file)
    say(`Created a development key-encryption key in ${file} (dev mode only: production needs TESSERA_KEK or TESSERA_KEK_FILE, see docs/keys.md).`)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  } finally {
    rmSync(draft, { force: true })
  }
  return parseKek(readFileSync(file, 'utf8'), file)
}

/** The server's key-encryption keys from its settings; production refuses to go on without one. */
export function loadKeyEncryptionKeys(settings: KekSettings): KeyEncryptionKeys {
  const env = settings.env ?? process.env
  const active = kekFromEnv(env, 'TESSERA_KEK')
  if (active) return localKeyEncryptionKeys(active, previousKeks(env))
  if (!settings.dev) throw new MissingKeyEncryptionKeyError()
  return localKeyEncryptionKeys(devKek(settings.dataDir, settings.say ?? (() => {})), previousKeks(env))
}
