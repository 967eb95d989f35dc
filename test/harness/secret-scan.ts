/**
 * Finds secrets in text the e2e run wrote down (server logs, error bodies): tokens, one-time codes, wallet shares,
 * keys, mnemonics and stack traces (docs/security.md #54). A finding names its file and line and shows the line redacted.
 */
import { wordlist as bip39Words } from '@scure/bip39/wordlists/english'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

export interface SecretFinding {
  file: string
  line: number
  kind: string
  redacted: string
}

interface SecretPattern {
  kind: string
  pattern: RegExp
  confirm?: (match: string) => boolean
}

const mnemonicWords = new Set(bip39Words)
/** Twelve BIP-39 words in a row, anywhere in a run of short words. */
function holdsMnemonic(words: string): boolean {
  let run = 0
  for (const word of words.split(' ')) {
    run = mnemonicWords.has(word) ? run + 1 : 0
    if (run >= 12) return true
  }
  return false
}

const BASE64URL = 'A-Za-z0-9_-'
const BASE58 = '1-9A-HJ-NP-Za-km-z'

const secretPatterns: SecretPattern[] = [
  { kind: 'JWT', pattern: /eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g },
  // 32 random bytes in base64url (sessions/refresh-token.ts): 43 characters mixing digits, upper and lower case. A run
  // in the base58 alphabet alone is a Solana address; a token has a character outside it 98.5% of the time, so a token
  // that leaks on every sign-in is still caught.
  {
    kind: 'refresh token',
    pattern: new RegExp(`(?<![${BASE64URL}])(?=[${BASE64URL}]*[0-9])(?=[${BASE64URL}]*[A-Z])(?=[${BASE64URL}]*[a-z])[${BASE64URL}]{43}(?![${BASE64URL}])`, 'g'),
    confirm: (match) => !new RegExp(`^[${BASE58}]+$`).test(match),
  },
  // A wrapped share starts with format 1 and a u32 version (protocol/custody/share-wrapper.ts): AQAAAA in base64.
  { kind: 'wallet share', pattern: /AQAAAA[A-Za-z0-9+/_-]{30,}/g },
  { kind: 'wallet share', pattern: /(?<![0-9a-fA-F])0100000[0-9a-fA-F]{40,}/g },
  { kind: 'private key', pattern: /(?<![0-9a-zA-Z])(?:0x)?[0-9a-fA-F]{64}(?![0-9a-zA-Z])/g },
  { kind: 'private key', pattern: new RegExp(`(?<![${BASE58}])[${BASE58}]{86,88}(?![${BASE58}])`, 'g') },
  { kind: 'private key', pattern: /-----BEGIN [A-Z ]*PRIVATE KEY-----|"d"\s*:\s*"[A-Za-z0-9_-]{20,}"/g },
  { kind: 'mnemonic', pattern: /\b(?:[a-z]{3,8} ){11,}[a-z]{3,8}\b/g, confirm: holdsMnemonic },
  // A frame as a real line or JSON-escaped inside a log record.
  { kind: 'stack trace', pattern: /(?:^|\\n|\n)\s+at [^\n\\"]+/g },
]

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

function codePattern(codes: readonly string[]): SecretPattern[] {
  const unique = [...new Set(codes.filter((code) => code.length > 0))]
  if (unique.length === 0) return []
  return [{ kind: 'one-time code', pattern: new RegExp(`(?<![A-Za-z0-9])(?:${unique.map(escapeRegExp).join('|')})(?![A-Za-z0-9])`, 'g') }]
}

/** The kinds of secret in one line, and the line with each secret replaced by its kind. */
export function findSecretsInLine(text: string, codes: readonly string[] = []): { kinds: string[]; redacted: string } {
  const kinds: string[] = []
  let redacted = text
  for (const { kind, pattern, confirm } of [...codePattern(codes), ...secretPatterns]) {
    redacted = redacted.replace(pattern, (match) => {
      if (confirm && !confirm(match)) return match
      kinds.push(kind)
      return `[${kind}]`
    })
  }
  return { kinds: [...new Set(kinds)], redacted }
}

// The API contract hands an account transfer's nonce to the caller who just proved they hold the account (docs/decisions.md "Sign-in methods (issue #3)": "Account transfer"):
// in a recorded error body it is by design; anywhere else (a server log) it still counts as a token.
const transferNonce = new RegExp(`(\\\\?"nonce\\\\?"\\s*:\\s*\\\\?")[${BASE64URL}]{43}(?=\\\\?")`, 'g')
const withoutContractValues = (line: string) => (line.includes('account_transfer_required') ? line.replace(transferNonce, '$1[transfer nonce]') : line)

/** Every finding in the text of `file`, one per line that holds a secret. */
export function findSecretsInText(file: string, text: string, codes: readonly string[] = []): SecretFinding[] {
  const errorBodies = file.endsWith('.jsonl')
  return text.split('\n').flatMap((lineText, index) => {
    const { kinds, redacted } = findSecretsInLine(errorBodies ? withoutContractValues(lineText) : lineText, codes)
    return kinds.length === 0 ? [] : [{ file, line: index + 1, kind: kinds.join(', '), redacted: redacted.slice(0, 400) }]
  })
}

/** Scanned: server logs (`*.log`) and recorded error bodies (`*.jsonl`); `*.codes` list the delivered codes to look for. */
export function scanLogDir(dir: string): SecretFinding[] {
  const names = readdirSync(dir).sort()
  const codes = names.filter((name) => name.endsWith('.codes')).flatMap((name) => readFileSync(join(dir, name), 'utf8').split('\n'))
  return names
    .filter((name) => name.endsWith('.log') || name.endsWith('.jsonl'))
    .flatMap((name) => findSecretsInText(join(dir, name), readFileSync(join(dir, name), 'utf8'), codes))
}

export const describeFinding = (finding: SecretFinding) => `${finding.file}:${finding.line} ${finding.kind}: ${finding.redacted}`
