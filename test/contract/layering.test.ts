// Scans every import in the layered source trees and fails on any that breaks the rules of docs/architecture.md "Who may import whom".
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { listSourceFiles, repoPath, repoRoot } from './source-files.js'
import { layerOf, layeringViolation, networkCalls } from './layering-rules.js'

const scannedRoots = ['src', 'elements', 'react-wrapper', 'wagmi', 'server/src', 'demo']
const sourceFile = /\.(tsx?|mts|mjs)$/
/** Tests and their fixtures may wire layers together to exercise them; the rules are for shipped code. */
const testOnly = /(\.test\.[cm]?[jt]sx?$)|(\/(test-fixtures|test-support)\/)/

/** Static imports, re-exports, `import x = require()`, dynamic `import()` and `require()`. */
function importSpecifiers(file: string): string[] {
  return ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles.map((imported) => imported.fileName)
}

describe('layering (docs/architecture.md "Who may import whom")', () => {
  it('every import in the source trees follows the dependency rules', () => {
    const files = scannedRoots.flatMap((root) => listSourceFiles(join(repoRoot, root), sourceFile)).filter((file) => !testOnly.test(repoPath(file)))
    // The protocol files are in the repository from the start: an empty scan means the walker is broken.
    expect(files.filter((file) => layerOf(repoPath(file)) === 'protocol').length).toBeGreaterThan(0)
    const violations = files.flatMap((file) => importSpecifiers(file).flatMap((specifier) => layeringViolation(repoRoot, repoPath(file), specifier) ?? []))
    expect(violations).toEqual([])
  })

  it('UI screens never call the network directly (they call core actions)', () => {
    const uiFiles = listSourceFiles(join(repoRoot, 'src/ui'), sourceFile).filter((file) => !testOnly.test(repoPath(file)))
    expect(uiFiles.flatMap((file) => networkCalls(repoPath(file), readFileSync(file, 'utf8')))).toEqual([])
  })

  it('the network check finds fetch, XMLHttpRequest, WebSocket and sendBeacon calls, not mentions', () => {
    const source = `// fetch(x) in a comment\nconst a = await fetch('/api')\nconst b = new XMLHttpRequest()\nconst c = new window.WebSocket('ws://x')\nnavigator.sendBeacon('/x')\nconst label = 'fetch('`
    expect(networkCalls('src/ui/screen.tsx', source)).toEqual([
      'src/ui/screen.tsx:2 calls fetch',
      'src/ui/screen.tsx:3 calls XMLHttpRequest',
      'src/ui/screen.tsx:4 calls WebSocket',
      'src/ui/screen.tsx:5 calls sendBeacon',
    ])
  })

  it('finds static, type-only, re-export and dynamic imports', () => {
    const specifiers = ts
      .preProcessFile(`import type { A } from './a.js'\nexport * from '../b.js'\nconst c = await import('react')\n// import 'commented-out'\n`, true, true)
      .importedFiles.map((imported) => imported.fileName)
    expect(specifiers).toEqual(['./a.js', '../b.js', 'react'])
  })

  // Self-test: the check provably fails on each kind of forbidden import.
  const forbidden: [file: string, specifier: string][] = [
    ['src/protocol/routes.ts', '../core/index.js'],
    ['src/protocol/routes.ts', 'tessera'],
    ['src/core/client.ts', 'react'],
    ['src/core/client.ts', 'react-dom/client'],
    ['src/core/client.ts', '@vanilla-extract/css'],
    ['src/core/client.ts', '../ui/screens/landing.js'],
    ['src/core/session/refresh.ts', '../../../elements/index.js'],
    ['src/core/client.ts', '../../react-wrapper/index.js'],
    ['src/ui/screens/landing.tsx', '../../core/session/refresh.js'],
    ['src/ui/screens/landing.tsx', '../../../elements/index.js'],
    ['src/ui/screens/landing.tsx', '../../../server/src/app.js'],
    ['elements/auth-modal.ts', '../react-wrapper/index.js'],
    ['elements/auth-modal.ts', '../server/src/index.js'],
    ['react-wrapper/index.ts', '../src/ui/screens/landing.js'],
    ['react-wrapper/index.ts', '../server/src/index.js'],
    ['react-wrapper/hooks/use-auth.ts', '../../elements/auth-modal.js'],
    ['react-wrapper/hooks/use-auth.ts', '../../src/ui/client-slices/auth.js'],
    ['server/src/app.ts', '../../src/core/index.js'],
    ['server/src/app.ts', '../../src/ui/theme.css.js'],
    ['server/src/routes/sessions.ts', 'tessera/protocol'],
    ['server/src/app.ts', 'react'],
    ['src/frame/main.ts', '../core/index.js'],
    ['src/frame/main.ts', '../ui/theme.css.js'],
    ['demo/react/main.tsx', '../../react-wrapper/index.js'],
    ['demo/react/main.tsx', '../../src/core/index.js'],
    ['demo/react/main.tsx', 'tessera/internal'],
    ['demo/react/main.tsx', '../../server/src/index.js'],
    ['wagmi/connector.ts', '../src/core/client.js'],
    ['wagmi/connector.ts', '../elements/index.js'],
    ['wagmi/connector.ts', '../src/ui/screens/landing.js'],
    ['wagmi/connector.ts', '../react-wrapper/index.js'],
    ['wagmi/connector.ts', 'react'],
    ['wagmi/connector.ts', 'tessera'],
  ]
  it.each(forbidden)('flags %s importing %s', (file, specifier) => {
    expect(layeringViolation(repoRoot, file, specifier)).toEqual(expect.any(String))
  })

  // And it does not flag what the rules allow, so a clean scan means something.
  const allowed: [file: string, specifier: string][] = [
    ['src/protocol/index.ts', './routes.js'],
    ['src/core/client.ts', '../protocol/index.js'],
    ['src/core/client.ts', 'jose'],
    ['src/ui/screens/landing.tsx', '../../core/index.js'],
    ['src/ui/screens/landing.tsx', '../../protocol/index.js'],
    ['src/ui/screens/landing.tsx', 'react'],
    ['src/ui/theme.css.ts', '@vanilla-extract/css'],
    ['elements/auth-modal.ts', '../src/ui/auth-modal.js'],
    ['elements/auth-modal.ts', '../src/core/index.js'],
    ['elements/auth-modal.ts', '@r2wc/react-to-web-component'],
    ['react-wrapper/index.ts', '../elements/index.js'],
    ['react-wrapper/index.ts', '../src/core/index.js'],
    ['react-wrapper/hooks/use-auth.ts', '../../elements/client-slices.js'],
    ['server/src/app.ts', '../../src/protocol/index.js'],
    ['server/src/app.ts', './db/open.js'],
    ['server/src/app.ts', 'hono'],
    ['src/frame/main.ts', '../protocol/index.js'],
    ['demo/react/main.tsx', 'tessera/react'],
    ['demo/react/main.tsx', 'react-dom/client'],
    ['demo/react/main.tsx', '../../dist/lib/react.js'],
    ['wagmi/connector.ts', '../src/core/index.js'],
    ['wagmi/connector.ts', '@wagmi/core'],
    ['wagmi/connector.ts', './selected-wallet.js'],
    ['demo/wagmi/main.tsx', 'tessera/wagmi'],
  ]
  it.each(allowed)('allows %s importing %s', (file, specifier) => {
    expect(layeringViolation(repoRoot, file, specifier)).toBeNull()
  })
})
