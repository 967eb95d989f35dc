// Type tests as a host sees the package: the fixtures in test/types/fixtures, copied into a host project whose
// `tessera` is this package (its exports and the built dist/types: run `npm run build` first), checked by tsc,
// vue-tsc and svelte-check. Each must pass with the declarations and FAIL without them (the `tessera/elements…`
// type imports removed), so a check that cannot fail is itself a failure.
import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../..', import.meta.url))
const fixtures = join(root, 'test/types/fixtures')
const bin = (name) => join(root, 'node_modules/.bin', name)
// The package the host installs: this repository (its package.json and dist), or a copy with its own dist.
const packageDir = process.env.TESSERA_PACKAGE_DIR ?? root
const declarationImport = /^\s*import type \{\} from 'tessera\/elements[^']*'\n/gm

const tsconfig = {
  compilerOptions: {
    target: 'ES2022',
    lib: ['ES2023', 'DOM', 'DOM.Iterable'],
    module: 'ESNext',
    moduleResolution: 'Bundler',
    jsx: 'react-jsx',
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    isolatedModules: true,
    verbatimModuleSyntax: true,
    types: [],
  },
  include: ['*.ts', '*.tsx', '*.vue', '*.svelte'],
  // Vue lets unknown attributes, events and tags through unless the host asks (README: Vue section).
  vueCompilerOptions: { strictTemplates: true },
}

/** A host project in .test-data with the fixtures (`withDeclarations` false strips their declaration imports). */
function hostProject(withDeclarations) {
  const dir = join(root, '.test-data', withDeclarations ? 'type-host' : 'type-host-bare')
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(join(dir, 'node_modules'), { recursive: true })
  symlinkSync(packageDir, join(dir, 'node_modules/tessera'), 'dir')
  for (const file of readdirSync(fixtures)) {
    const text = readFileSync(join(fixtures, file), 'utf8')
    writeFileSync(join(dir, file), withDeclarations ? text : text.replace(declarationImport, ''))
  }
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2))
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'type-host', private: true, type: 'module' }))
  // Its own (empty) Svelte config: svelte-check would otherwise read this repository's vite.config.ts.
  writeFileSync(join(dir, 'svelte.config.js'), 'export default {}\n')
  return dir
}

const run = (command, args, cwd) =>
  new Promise((resolve) =>
    execFile(command, args, { cwd, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => resolve({ ok: !error, output: `${stdout}${stderr}` })),
  )

/** svelte-check has no expect-error comment: an error must be on the line after each `<!-- expect-error` and nowhere else. */
function svelteExpectations(dir, output) {
  const expected = new Set()
  readFileSync(join(dir, 'Host.svelte'), 'utf8')
    .split('\n')
    .forEach((line, index) => line.includes('<!-- expect-error') && expected.add(index + 2))
  const reported = new Set(
    output
      .split('\n')
      .map((line) => line.match(/^\d+ ERROR "Host\.svelte" (\d+):\d+/))
      .filter(Boolean)
      .map((match) => Number(match[1])),
  )
  const missing = [...expected].filter((line) => !reported.has(line))
  const unexpected = [...reported].filter((line) => !expected.has(line))
  return {
    ok: missing.length === 0 && unexpected.length === 0,
    detail: `expected errors on lines ${[...expected]}; missing ${missing}; unexpected ${unexpected}`,
  }
}

const checkers = {
  tsc: async (dir) => run(bin('tsc'), ['-p', 'tsconfig.json'], dir),
  'vue-tsc': async (dir) => run(bin('vue-tsc'), ['-p', 'tsconfig.json'], dir),
  'svelte-check': async (dir) => {
    const { output } = await run(bin('svelte-check'), ['--workspace', dir, '--tsconfig', join(dir, 'tsconfig.json'), '--output', 'machine'], dir)
    const { ok, detail } = svelteExpectations(dir, output)
    return { ok, output: `${output}\n${detail}` }
  },
}

if (!existsSync(join(packageDir, 'dist/types/elements/index.d.ts'))) throw new Error('No dist/types: run `npm run build` first')
const withDeclarations = hostProject(true)
const bare = hostProject(false)
let failed = 0
for (const [name, check] of Object.entries(checkers)) {
  // Two processes at a time: the two variants side by side.
  const [good, without] = await Promise.all([check(withDeclarations), check(bare)])
  if (!good.ok) console.log(`FAIL ${name} with the declarations:\n${good.output}`)
  if (without.ok) console.log(`FAIL ${name} without the declarations: it passed, so it checks nothing`)
  const ok = good.ok && !without.ok
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}: passes with the declarations, fails without them`)
  if (!ok) failed++
}
console.log(`${Object.keys(checkers).length - failed} passed, ${failed} failed`)
process.exit(failed === 0 ? 0 : 1)
