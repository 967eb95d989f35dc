import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { DEV_KEK_FILE_NAME, generateKek, loadKeyEncryptionKeys, MissingKeyEncryptionKeyError } from './kek-settings.js'
import { SealedValueError, UnknownKeyEncryptionKeyError } from './key-encryption-keys.js'
import { localKeyEncryptionKeys } from './local-key-encryption-keys.js'
import { openText, sealText } from './sealed-text.js'

const dirs: string[] = []
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'tessera-kek-'))
  dirs.push(dir)
  return dir
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

describe('local key-encryption keys (AES-256-GCM)', () => {
  it('opens what it sealed for the same binding only, and names the key that sealed it', async () => {
    const keys = localKeyEncryptionKeys(randomBytes(32))
    const sealed = await sealText(keys, 'the auth share', 'wallet_share_sets.auth_share\napp\n0xabc\n1')
    expect(sealed).not.toContain('the auth share')
    expect(await openText(keys, sealed, 'wallet_share_sets.auth_share\napp\n0xabc\n1')).toBe('the auth share')
    // Moved to another row, or kept across a reshare: it does not open.
    await expect(openText(keys, sealed, 'wallet_share_sets.auth_share\napp\n0xdef\n1')).rejects.toBeInstanceOf(SealedValueError)
    await expect(openText(keys, sealed, 'wallet_share_sets.auth_share\napp\n0xabc\n2')).rejects.toBeInstanceOf(SealedValueError)
    const tampered = sealed.slice(0, -2) + (sealed.endsWith('AA') ? 'AB' : 'AA')
    await expect(openText(keys, tampered, 'wallet_share_sets.auth_share\napp\n0xabc\n1')).rejects.toBeInstanceOf(SealedValueError)
    await expect(openText(keys, 'AQAAAAplaintext', 'x')).rejects.toThrow(/not sealed/)
  })

  it('opens values of a previous key while sealing under the new one, and refuses a key it was not given', async () => {
    const [oldKey, newKey] = [randomBytes(32), randomBytes(32)]
    const old = localKeyEncryptionKeys(oldKey)
    const sealedOld = await sealText(old, 'secret', 'aad')
    const rotating = localKeyEncryptionKeys(newKey, [oldKey])
    expect(rotating.activeKeyId).not.toBe(old.activeKeyId)
    expect(await openText(rotating, sealedOld, 'aad')).toBe('secret')
    const sealedNew = await sealText(rotating, 'secret', 'aad')
    await expect(openText(old, sealedNew, 'aad')).rejects.toBeInstanceOf(UnknownKeyEncryptionKeyError)
    await expect(openText(old, sealedNew, 'aad')).rejects.toThrow(/TESSERA_KEK/)
  })
})

describe('key-encryption key settings', () => {
  it('refuses a production start without a key, naming the settings', () => {
    expect(() => loadKeyEncryptionKeys({ dev: false, dataDir: tempDir(), env: {} })).toThrow(MissingKeyEncryptionKeyError)
    expect(() => loadKeyEncryptionKeys({ dev: false, dataDir: tempDir(), env: {} })).toThrow(/TESSERA_KEK .*TESSERA_KEK_FILE/)
  })

  it('reads TESSERA_KEK or TESSERA_KEK_FILE, and refuses a malformed key or both at once', async () => {
    const key = generateKek()
    const file = join(tempDir(), 'kek')
    writeFileSync(file, `${key}\n`, { mode: 0o600 })
    const fromEnv = loadKeyEncryptionKeys({ dev: false, dataDir: tempDir(), env: { TESSERA_KEK: key } })
    const fromFile = loadKeyEncryptionKeys({ dev: false, dataDir: tempDir(), env: { TESSERA_KEK_FILE: file } })
    expect(fromFile.activeKeyId).toBe(fromEnv.activeKeyId)
    expect(await openText(fromFile, await sealText(fromEnv, 'x', 'aad'), 'aad')).toBe('x')
    expect(() => loadKeyEncryptionKeys({ dev: false, dataDir: tempDir(), env: { TESSERA_KEK: 'too-short' } })).toThrow(/TESSERA_KEK must hold 32 random bytes/)
    expect(() => loadKeyEncryptionKeys({ dev: true, dataDir: tempDir(), env: { TESSERA_KEK: key, TESSERA_KEK_FILE: file } })).toThrow(/not both/)
    expect(() => loadKeyEncryptionKeys({ dev: false, dataDir: tempDir(), env: { TESSERA_KEK: key, TESSERA_KEK_PREVIOUS: `${generateKek()},nope` } })).toThrow(
      /TESSERA_KEK_PREVIOUS must hold/,
    )
  })

  it('in dev mode creates a key file (mode 0600) in the data directory once, says so once, and reuses it', async () => {
    const dataDir = join(tempDir(), 'data')
    const said: string[] = []
    const first = loadKeyEncryptionKeys({ dev: true, dataDir, env: {}, say: (line) => said.push(line) })
    const file = join(dataDir, DEV_KEK_FILE_NAME)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(readFileSync(file, 'utf8').trim()).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const second = loadKeyEncryptionKeys({ dev: true, dataDir, env: {}, say: (line) => said.push(line) })
    expect(second.activeKeyId).toBe(first.activeKeyId)
    expect(said).toEqual([expect.stringContaining(`Created a development key-encryption key in ${file}`)])
  })
})
