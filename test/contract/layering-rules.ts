/** The dependency rules of docs/architecture.md "Who may import whom", as pure functions over (importing file, import specifier) and source text. */
import { dirname, posix, relative, resolve, sep } from 'node:path'
import ts from 'typescript'

export type Layer = 'protocol' | 'core' | 'ui' | 'frame' | 'elements' | 'react-wrapper' | 'wagmi' | 'server' | 'demo'

/** Where each layer lives, relative to the repository root (most specific first). */
const layerRoots: readonly [string, Layer][] = [
  ['src/protocol', 'protocol'],
  ['src/core', 'core'],
  ['src/ui', 'ui'],
  ['src/frame', 'frame'],
  ['elements', 'elements'],
  ['react-wrapper', 'react-wrapper'],
  ['wagmi', 'wagmi'],
  ['server/src', 'server'],
  ['demo', 'demo'],
]

/** What an import points at: one of our layers, another file of ours, or an npm package. */
type Target = { kind: 'layer'; layer: Layer; path: string } | { kind: 'repo-file'; path: string } | { kind: 'package'; name: string; specifier: string }

const toPosix = (path: string) => path.split(sep).join(posix.sep)
const withoutExtension = (path: string) => path.replace(/\.(d\.ts|tsx?|mjs|cjs|jsx?)$/, '')

export function layerOf(repoPath: string): Layer | null {
  for (const [root, layer] of layerRoots) if (repoPath === root || repoPath.startsWith(`${root}/`)) return layer
  return null
}

function packageName(specifier: string): string {
  const parts = specifier.split('/')
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier)
}

function resolveTarget(repoRoot: string, fromRepoPath: string, specifier: string): Target {
  if (!specifier.startsWith('.') && !specifier.startsWith('/')) {
    return { kind: 'package', name: packageName(specifier), specifier }
  }
  const absolute = specifier.startsWith('/') ? resolve(repoRoot, `.${specifier}`) : resolve(repoRoot, dirname(fromRepoPath), specifier)
  const path = toPosix(relative(repoRoot, absolute))
  const layer = layerOf(path)
  return layer ? { kind: 'layer', layer, path } : { kind: 'repo-file', path }
}

const reactPackages = new Set(['react', 'react-dom', '@r2wc/react-to-web-component'])
const stylePackages = new Set(['@vanilla-extract/css', '@vanilla-extract/dynamic', '@vanilla-extract/recipes', '@vanilla-extract/sprinkles'])
const isReact = (name: string) => reactPackages.has(name)
const isStyle = (name: string) => stylePackages.has(name) || name.startsWith('@vanilla-extract/')
/** The package's own name: importing it from inside the source tree would go through dist. */
const isOwnPackage = (name: string) => name === 'tessera' || name === 'tessera-server'
const demoEntries = new Set([
  'tessera',
  'tessera/elements',
  'tessera/react',
  'tessera/react/solana',
  'tessera/react/smart-wallets',
  'tessera/wagmi',
  'tessera/protocol',
])

/** Layers each layer may import (besides itself). */
const allowedLayers: Record<Layer, readonly Layer[]> = {
  protocol: [],
  core: ['protocol'],
  ui: ['core', 'protocol'],
  frame: ['protocol'],
  elements: ['ui', 'core', 'protocol'],
  'react-wrapper': ['elements', 'core', 'protocol'],
  // The wagmi connector runs over the core client alone: the user signs in through the page's <auth-modal>, never its code.
  wagmi: ['core'],
  server: ['protocol'],
  demo: [],
}

/** Files a layer must enter through, when importing another layer (the element definitions stay out of the runtime index). */
const publicEntries: Partial<Record<Layer, Partial<Record<Layer, readonly string[]>>>> = {
  ui: { core: ['src/core/index'] },
  // user-pill-text: the UserPill's texts, kept out of the runtime index (the script-tag bundle re-exports all of it).
  // client-slices: the screens' state hooks, one copy for both (kept out of the runtime index for the same reason).
  'react-wrapper': { elements: ['elements/index', 'elements/definitions', 'elements/user-pill-text', 'elements/client-slices'] },
  wagmi: { core: ['src/core/index'] },
}

/** Returns why the import breaks the rules, or null when it is allowed. */
export function layeringViolation(repoRoot: string, fromRepoPath: string, specifier: string): string | null {
  const from = layerOf(fromRepoPath)
  if (!from) return null
  const target = resolveTarget(repoRoot, fromRepoPath, specifier)
  const where = `${fromRepoPath} imports '${specifier}'`

  if (target.kind === 'package') {
    if (from === 'demo') {
      return isOwnPackage(target.name) && !demoEntries.has(specifier) ? `${where}: the demo uses only the package's public entries` : null
    }
    if (isOwnPackage(target.name)) return `${where}: source layers import each other by path, never through the published package`
    if (
      (from === 'core' || from === 'protocol' || from === 'frame' || from === 'wagmi' || from === 'server') &&
      (isReact(target.name) || isStyle(target.name))
    ) {
      return `${where}: ${from} never imports React or styles`
    }
    return null
  }

  if (target.kind === 'repo-file') {
    if (from === 'demo' && target.path.startsWith('dist/')) return null
    if (from === 'server' && target.path.startsWith('server/')) return null
    if (posix.basename(target.path) === 'package.json') return null
    return `${where}: ${from} may not import ${target.path} (outside the layers it depends on)`
  }

  if (target.layer === from) return null
  if (from === 'demo') return `${where}: the demo uses only the package's public entries (${[...demoEntries].join(', ')}) or built dist files`
  if (!allowedLayers[from].includes(target.layer)) return `${where}: ${from} may not import ${target.layer}`
  const entries = publicEntries[from]?.[target.layer]
  const isEntry = (entry: string) => withoutExtension(target.path) === entry || target.path === entry.replace(/\/index$/, '')
  if (entries && !entries.some(isEntry)) return `${where}: ${from} imports ${target.layer} only through ${entries.join(' or ')}`
  return null
}

const networkGlobals = new Set(['fetch', 'XMLHttpRequest', 'WebSocket', 'EventSource'])

/** Direct network calls in a source text (`fetch(...)`, `new WebSocket(...)`, `sendBeacon(...)`...): UI screens must go through core. */
export function networkCalls(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
  const found: string[] = []
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
      const callee = node.expression
      const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : null
      if (name && (networkGlobals.has(name) || name === 'sendBeacon')) {
        const { line } = file.getLineAndCharacterOfPosition(node.getStart(file))
        found.push(`${fileName}:${line + 1} calls ${name}`)
      }
    }
    ts.forEachChild(node, visit)
  }
  visit(file)
  return found
}
