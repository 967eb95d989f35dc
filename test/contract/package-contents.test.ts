/**
 * What `npm pack` would publish: only the library, its types, the element manifest, README and LICENSE; and npm
 * entries that import their dependencies (so a host's bundler shares one copy) instead of bundling them.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { externalImports } from '../../bench/npm-entry-size.js'
import { bundledDependencyModules, type BundleFiles } from '../../scripts/build-config.mjs'
import { distDir, repoRoot } from '../harness/paths.js'

interface PackageJson {
  exports: Record<string, Record<string, string>>
  customElements?: string
  dependencies: Record<string, string>
  optionalDependencies?: Record<string, string>
  peerDependencies: Record<string, string>
}

/** Every path the tarball may hold; test fixtures, test support and test declarations are never published. */
const allowedPaths = [
  /^(package\.json|README\.md|LICENSE)$/,
  /^dist\/tessera\.js$/,
  /^dist\/chunks\/[^/]+\.js$/,
  /^dist\/lib\/(chunks\/)?[^/]+\.js$/,
  /^dist\/types\/(src\/(core|protocol|ui)|elements|react-wrapper|wagmi)\/(?!(.*\/)?(test-fixtures|test-support)\/)(?!.*\.test\.d\.ts$).+\.d\.ts$/,
  /^dist\/custom-elements\.json$/,
]

const unexpectedFiles = (files: string[]) => files.filter((file) => !allowedPaths.some((pattern) => pattern.test(file)))

/** The files package.json points hosts at (each `exports` target, the element manifest) and what every package needs. */
function requiredFiles(pkg: PackageJson): string[] {
  const targets = Object.values(pkg.exports).flatMap((conditions) => Object.values(conditions))
  return ['package.json', 'README.md', 'LICENSE', 'dist/tessera.js', ...targets, ...(pkg.customElements ? [pkg.customElements] : [])].map((path) =>
    path.replace(/^\.\//, ''),
  )
}

/** `viem/chains` → viem, `@noble/hashes/sha2` → @noble/hashes. */
const packageName = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/')

const readPackageJson = (): PackageJson => JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'))

/** The paths `npm pack` would put in the tarball. */
function packedFiles(): string[] {
  const [report] = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: repoRoot, encoding: 'utf8' })) as [
    { files: { path: string }[] },
  ]
  return report.files.map((file) => file.path)
}

/** Every module package.json's exports hand a host (`tessera`, `tessera/react/smart-wallets`...). */
const packageEntries = () =>
  Object.values(readPackageJson().exports as Record<string, { import?: string }>).flatMap((target) => (target.import ? [join(repoRoot, target.import)] : []))

describe('the published package', () => {
  let files: string[] = []
  // CI builds first; this test never builds itself, so a unit run cannot replace dist/ under others' browser tests.
  beforeAll(() => {
    if (!existsSync(join(distDir, 'lib/core.js'))) throw new Error('dist/lib is missing: run `npm run build` first')
    files = packedFiles()
  }, 60_000)

  it('holds only the library, its types, the element manifest, README and LICENSE', () => {
    expect(files).toContain('dist/lib/core.js')
    expect(unexpectedFiles(files)).toEqual([])
  })

  it('holds every file package.json points hosts at', () => {
    expect(requiredFiles(readPackageJson()).filter((file) => !files.includes(file))).toEqual([])
  })

  it('npm entries import only declared dependencies and peers, and a host installs nothing they do not import', () => {
    const pkg = readPackageJson()
    const imported = new Set(externalImports(packageEntries()).map(packageName))
    const declared = new Set([...Object.keys(pkg.dependencies), ...Object.keys(pkg.peerDependencies)])
    expect([...imported].filter((name) => !declared.has(name))).toEqual([])
    const installedByHosts = [...Object.keys(pkg.dependencies), ...Object.keys(pkg.optionalDependencies ?? {})]
    expect(installedByHosts.filter((name) => !imported.has(name))).toEqual([])
  })

  it('npm entries carry no copy of viem (its errors name their version once per copy)', () => {
    const chunks = readdirSync(join(distDir, 'lib'), { recursive: true })
      .map((name) => join(distDir, 'lib', String(name)))
      .filter((file) => file.endsWith('.js'))
    expect(chunks.length).toBeGreaterThan(4)
    expect(chunks.filter((file) => readFileSync(file, 'utf8').includes('viem@'))).toEqual([])
  })
})

describe('the package checks (self-tests)', () => {
  it('flag the demo build, the wallet frame, test-fixture types and source maps', () => {
    const files = [
      'dist/lib/core.js',
      'dist/types/elements/index.d.ts',
      'dist/demo/react/index.html',
      'dist/frame/index.html',
      'dist/types/elements/test-fixtures/fake-funding.d.ts',
      'dist/types/src/core/test-support/fixtures.d.ts',
      'dist/types/src/core/client.test.d.ts',
      'dist/lib/core.js.map',
    ]
    expect(unexpectedFiles(files)).toEqual(files.slice(2))
  })

  it('require each exports target and the element manifest', () => {
    const pkg = {
      exports: { '.': { types: './dist/types/a.d.ts', import: './dist/lib/a.js' } },
      customElements: 'dist/custom-elements.json',
      dependencies: {},
      peerDependencies: {},
    }
    expect(requiredFiles(pkg)).toEqual([
      'package.json',
      'README.md',
      'LICENSE',
      'dist/tessera.js',
      'dist/types/a.d.ts',
      'dist/lib/a.js',
      'dist/custom-elements.json',
    ])
  })

  it('name the package of a subpath import', () => {
    expect(['viem/chains', '@noble/hashes/sha2', 'react', '@solana/web3.js'].map(packageName)).toEqual(['viem', '@noble/hashes', 'react', '@solana/web3.js'])
  })

  it('find a dependency bundled into a chunk of the npm entries', () => {
    const bundle: BundleFiles = {
      'core.js': { type: 'chunk', fileName: 'core.js', moduleIds: ['/repo/src/core/index.ts', '\0vite/preload-helper.js'] },
      'chunks/viem.js': { type: 'chunk', fileName: 'chunks/viem.js', moduleIds: ['/repo/node_modules/viem/_esm/index.js'] },
      'style.css': { type: 'asset', fileName: 'style.css' },
    }
    expect(bundledDependencyModules(bundle)).toEqual(['chunks/viem.js: /repo/node_modules/viem/_esm/index.js'])
  })
})
