import { generateMnemonic } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english'
import { base58 } from '@scure/base'
import { SignJWT } from 'jose'
import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { generatePrivateKey } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { splitSecret } from '../../src/protocol/custody/share-wrapper.js'
import { findSecretsInLine, scanLogDir } from './secret-scan.js'

/** A refresh token's shape (sessions/refresh-token.ts: 32 bytes in base64url), fixed so the test is deterministic. */
const refreshToken = createHash('sha256').update('leaked refresh token').digest('base64url')

/** Log lines as the server writes them, each with a secret in a field where a careless change could put it. */
async function secretLines(): Promise<Record<string, string>> {
  const jwt = await new SignJWT({ sid: 'session' }).setProtectedHeader({ alg: 'HS256' }).sign(new Uint8Array(32).fill(7))
  const shares = await splitSecret(crypto.getRandomValues(new Uint8Array(32)), 3)
  const line = (fields: object) => JSON.stringify({ level: 20, time: 1_764_254_400_000, ...fields, msg: 'request' })
  return {
    JWT: line({ headers: { authorization: `Bearer ${jwt}` } }),
    'refresh token': line({ body: { refresh_token: refreshToken } }),
    'wallet share': line({ auth_share: Buffer.from(shares.auth).toString('base64') }),
    'wallet share (hex)': line({ recovery: Buffer.from(shares.recovery).toString('hex') }),
    'private key': line({ key: generatePrivateKey() }),
    'private key (base58)': line({ secret: base58.encode(new Uint8Array(64).fill(0xa5)) }),
    mnemonic: line({ phrase: `words: ${generateMnemonic(wordlist)}` }),
    'stack trace': line({ err: { stack: new Error('boom').stack } }),
  }
}

describe('the e2e log check (docs/security.md #54)', () => {
  it('finds each kind of secret in a log line and redacts it', async () => {
    for (const [name, text] of Object.entries(await secretLines())) {
      const { kinds, redacted } = findSecretsInLine(text)
      expect(kinds, name).toContain(name.replace(/ \(.*\)$/, ''))
      expect(redacted, name).toMatch(/\[[a-z A-Z-]+\]/)
      expect(findSecretsInLine(redacted).kinds, `${name} after redaction`).toEqual([])
    }
  })

  it('finds a delivered one-time code, but not the same digits inside a longer number or an address', () => {
    expect(findSecretsInLine('{"body":{"code":"482913"}}', ['482913']).kinds).toEqual(['one-time code'])
    expect(findSecretsInLine('{"time":1764829139000,"ms":4829130}', ['482913']).kinds).toEqual([])
    expect(findSecretsInLine('{"path":"/api/v1/embedded_wallets/0xab482913cd"}', ['482913']).kinds).toEqual([])
  })

  it('passes the lines a clean run writes', () => {
    // A Solana address of 43 characters has the length and mix of a refresh token, in the base58 alphabet.
    const solanaAddress = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'
    const clean = [
      `{"level":20,"time":1764254400000,"method":"POST","path":"/api/v1/embedded_wallets/${solanaAddress}/auth_share","status":200,"ms":12,"msg":"request"}`,
      '{"level":20,"time":1764254400000,"method":"POST","path":"/api/v1/passwordless/authenticate","status":422,"ms":12,"msg":"request"}',
      '{"status":400,"method":"GET","url":"http://127.0.0.1:4000/api/v1/embedded_wallets/0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed","body":"{\\"error\\":\\"invalid_code\\",\\"message\\":\\"That code is incorrect or expired. Request a new one.\\"}"}',
      '{"level":40,"time":1764254400000,"provider":"github","app":"dev-app","reason":"state_mismatch","msg":"oauth callback failed"}',
      '{"level":40,"time":1764254400000,"msg":"SMTP_URL is not set: email codes cannot be sent (passwordless/init answers 400 feature_not_enabled). Use --dev for the console outbox."}',
    ]
    for (const line of clean) expect(findSecretsInLine(line, ['482913']), line).toEqual({ kinds: [], redacted: line })
  })

  it("passes an account transfer's nonce in its account_transfer_required error body (the contract hands it over), never in a server log", () => {
    const dir = mkdtempSync(join(tmpdir(), 'secret-scan-'))
    try {
      const body = `{\\"error\\":\\"This account is linked to another user and can be transferred\\",\\"code\\":\\"account_transfer_required\\",\\"data\\":{\\"nonce\\":\\"${refreshToken}\\"}}`
      writeFileSync(join(dir, 'link-browser-1.jsonl'), `{"status":400,"url":"http://127.0.0.1:4000/api/v1/siwe/link","body":"${body}"}\n`)
      writeFileSync(join(dir, 'link-api-1.log'), `{"msg":"transfer offered","code":"account_transfer_required","nonce":"${refreshToken}"}\n`)
      expect(scanLogDir(dir).map(({ file, kind }) => ({ file, kind }))).toEqual([{ file: join(dir, 'link-api-1.log'), kind: 'refresh token' }])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('names the file and line of each finding, greps logs and error bodies for the delivered codes, and never shows the secret', () => {
    const dir = mkdtempSync(join(tmpdir(), 'secret-scan-'))
    try {
      writeFileSync(join(dir, 'sms-login-api-1.codes'), '482913\n')
      writeFileSync(join(dir, 'sms-login-api-1.log'), `{"msg":"request"}\n{"msg":"sent","code":"482913"}\n`)
      writeFileSync(join(dir, 'email-login-browser-2.jsonl'), `{"status":401,"body":"{\\"refresh_token\\":\\"${refreshToken}\\"}"}\n`)
      const findings = scanLogDir(dir)
      expect(findings.map(({ file, line, kind }) => ({ file, line, kind }))).toEqual([
        { file: join(dir, 'email-login-browser-2.jsonl'), line: 1, kind: 'refresh token' },
        { file: join(dir, 'sms-login-api-1.log'), line: 2, kind: 'one-time code' },
      ])
      expect(JSON.stringify(findings)).not.toContain(refreshToken)
      expect(findings[1]?.redacted).toBe('{"msg":"sent","code":"[one-time code]"}')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
