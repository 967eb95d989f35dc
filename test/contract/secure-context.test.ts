// Pages may be served over plain http on a LAN address, where the browser withholds secure-context APIs (issue 15):
// no code that runs on the host page may call them; the wallet frame (src/frame) is served by the API server and
// checks its own context.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
const pageRoots = ['src/core', 'src/ui', 'src/protocol', 'elements', 'react-wrapper']
const testOnly = /(\.test\.[cm]?[jt]sx?$)|(\/(test-fixtures|test-support)\/)/

/** The wallet frame's and the server's key code: no page code imports it (checked below), so it may use WebCrypto. */
const custodyRoot = 'src/protocol/custody/'

/** The secure-context-only calls a page must not make, and the files allowed to reach each (behind a fallback, or off the page). */
const secureOnly: { pattern: RegExp; name: string; allowedIn?: string[] }[] = [
  { pattern: /\brandomUUID\s*\(/, name: 'crypto.randomUUID (use randomUuid from src/core/utils/random-uuid.ts)' },
  // The ALTCHA worker's own source: where it fails, the main thread searches with @noble/hashes.
  // The BIP-39 seed: derived only in the wallet frame and on the server.
  {
    pattern: /\bsubtle\s*\.\s*\w+\s*\(/,
    name: 'crypto.subtle (use @noble/hashes)',
    allowedIn: ['src/core/captcha/altcha/find-number.ts', `${custodyRoot}entropy.ts`],
  },
  {
    pattern: /navigator\s*\.\s*clipboard\b/,
    name: 'navigator.clipboard (use copyText from src/ui/primitives/copy-text.ts)',
    allowedIn: ['src/ui/primitives/copy-text.ts'],
  },
]

function listSourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : listSourceFiles(path)
    return /\.(tsx?|mts|mjs)$/.test(entry.name) ? [path] : []
  })
}

const repoPath = (file: string) => relative(repoRoot, file).split(sep).join('/')

/** `file:line uses name` for each secure-context-only call outside its allowed file. */
function secureContextCalls(path: string, source: string): string[] {
  return source.split('\n').flatMap((line, index) => {
    if (/^\s*(\/\/|\*|\/\*)/.test(line)) return []
    return secureOnly.filter((api) => api.pattern.test(line) && !api.allowedIn?.includes(path)).map((api) => `${path}:${index + 1} uses ${api.name}`)
  })
}

describe('no secure-context-only API on the host page (issue 15, any origin)', () => {
  it('core, screens, elements and the React wrapper call none of them', () => {
    const files = pageRoots.flatMap((root) => listSourceFiles(join(repoRoot, root))).filter((file) => !testOnly.test(repoPath(file)))
    expect(files.length).toBeGreaterThan(100)
    expect(files.flatMap((file) => secureContextCalls(repoPath(file), readFileSync(file, 'utf8')))).toEqual([])
  })

  it('no page code imports the custody code, which may use them', () => {
    const files = pageRoots.flatMap((root) => listSourceFiles(join(repoRoot, root))).filter((file) => !repoPath(file).startsWith(custodyRoot))
    const importers = files.filter((file) => /(from|import\()\s*'[^']*\/custody\//.test(readFileSync(file, 'utf8')))
    expect(importers.map(repoPath)).toEqual([])
  })

  it('the check finds each call, not comments, and allows the clipboard in its helper only', () => {
    const source = `const id = crypto.randomUUID()\n// crypto.randomUUID() in a comment\nawait crypto.subtle.digest('SHA-256', b)\nawait navigator.clipboard.writeText(t)`
    expect(secureContextCalls('src/ui/x.ts', source)).toEqual([
      expect.stringMatching(/^src\/ui\/x\.ts:1 uses crypto\.randomUUID/),
      expect.stringMatching(/^src\/ui\/x\.ts:3 uses crypto\.subtle/),
      expect.stringMatching(/^src\/ui\/x\.ts:4 uses navigator\.clipboard/),
    ])
    expect(secureContextCalls('src/ui/primitives/copy-text.ts', 'await navigator.clipboard.writeText(t)')).toEqual([])
  })
})
