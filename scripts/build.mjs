// Library build: the script-tag bundle (every dependency inside), the npm entries (every dependency external) and types.
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import { build } from 'vite'
import { isPackageDependency, noBundledDependencies, root, scriptTagConfig, shared, treeshake } from './build-config.mjs'

// The JSX transform reads NODE_ENV: a caller's `test` or `development` would emit development calls.
process.env.NODE_ENV = 'production'

const dist = join(root, 'dist')

// Only what this script writes: other builds (the demo) may keep output under dist/ too.
for (const output of ['tessera.js', 'chunks', 'lib', 'types', 'frame']) rmSync(join(dist, output), { recursive: true, force: true })

// (a) Script-tag build: one ES module that defines <auth-modal>, React bundled, later screens as lazy chunks.
await build(scriptTagConfig(dist))

// (b) npm entries: every dependency and peer stays an import, so the host's bundler ships one copy of each (React, viem).
const npmEntries = shared(join(dist, 'lib'))
await build({
  ...npmEntries,
  plugins: [...npmEntries.plugins, noBundledDependencies()],
  build: {
    ...npmEntries.build,
    lib: {
      entry: {
        core: join(root, 'src/core/index.ts'),
        elements: join(root, 'elements/index.ts'),
        react: join(root, 'react-wrapper/index.ts'),
        'react-solana': join(root, 'react-wrapper/solana/index.ts'),
        'react-smart-wallets': join(root, 'react-wrapper/smart-wallets/index.ts'),
        wagmi: join(root, 'wagmi/index.ts'),
        protocol: join(root, 'src/protocol/index.ts'),
      },
      formats: ['es'],
      fileName: (_format, name) => `${name}.js`,
    },
    rollupOptions: {
      external: isPackageDependency,
      treeshake,
      // Rollup drops module-level directives: the React entry gets its client boundary back for server-rendering hosts (Next.js).
      output: {
        chunkFileNames: 'chunks/[name]-[hash].js',
        minify: true,
        banner: (chunk) => (chunk.isEntry && ['react', 'react-solana', 'react-smart-wallets'].includes(chunk.name) ? "'use client';" : ''),
      },
      // The core entry exports modules the client loads lazily (fromApiResponse, findLinkedAccount): here they ship with it.
      onLog: (level, log, handler) => log.code === 'INEFFECTIVE_DYNAMIC_IMPORT' || handler(level, log),
    },
  },
})

// (c) The wallet frame: its own page, which the API server serves at /apps/:app_id/embedded-wallets (with the app's
// configuration written in) and whose scripts it serves under /embedded-wallets/assets/. Nothing of it is in the library.
await build({
  root: join(root, 'src/frame'),
  base: '/embedded-wallets/',
  configFile: false,
  logLevel: 'warn',
  mode: 'production',
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: join(dist, 'frame'),
    emptyOutDir: true,
    minify: true,
    target: 'es2022',
    modulePreload: { polyfill: false },
    // The key export frame (/apps/:app_id/embedded-wallets/export) is a second page sharing the custody code.
    rollupOptions: { input: { index: join(root, 'src/frame/index.html'), export: join(root, 'src/frame/export/export.html') } },
  },
})

// (d) Type declarations.
execFileSync(join(root, 'node_modules/.bin/tsc'), ['-p', join(root, 'tsconfig.build.json')], { stdio: 'inherit' })
execFileSync(process.execPath, [join(root, 'scripts/write-custom-elements.mjs')], { stdio: 'inherit' }) // dist/custom-elements.json, from the element definitions

/** The entry plus every chunk it imports statically: what loads before the landing is interactive. */
function staticClosure(file, seen = new Set()) {
  if (seen.has(file)) return seen
  seen.add(file)
  const code = readFileSync(file, 'utf8')
  for (const match of code.matchAll(/(?:import|export)\s*(?:[\w*{}\s,$]*from\s*)?["'](\.{1,2}\/[^"']+)["']/g))
    staticClosure(resolve(file, '..', match[1]), seen)
  return seen
}

const gzipBytes = (files) => [...files].reduce((sum, file) => sum + gzipSync(readFileSync(file), { level: 9 }).length, 0)
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`
const jsFiles = (dir) =>
  readdirSync(dir, { recursive: true })
    .map((name) => join(dir, String(name)))
    .filter((file) => file.endsWith('.js') && statSync(file).isFile())

console.log('\nbuild output (raw / gzip):')
for (const file of [join(dist, 'tessera.js'), ...jsFiles(join(dist, 'chunks')), ...jsFiles(join(dist, 'lib'))])
  console.log(`  ${relative(root, file).padEnd(44)} ${kib(statSync(file).size).padStart(10)} ${kib(gzipBytes([file])).padStart(10)}`)
for (const entry of ['tessera.js', 'lib/elements.js', 'lib/react.js', 'lib/core.js']) {
  const closure = staticClosure(join(dist, entry))
  const scope = entry.startsWith('lib/') ? 'static imports, its dependencies not counted' : 'static imports'
  console.log(`initial load of dist/${entry} (${scope}): ${kib(gzipBytes(closure))} gzip in ${closure.size} file(s)`)
}
