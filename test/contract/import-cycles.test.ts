// No module may import itself back through others: a cycle makes load order decide what a module sees, and ties
// files that should stand alone (e.g. a method's types and the client that lists the methods).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import madge from 'madge'
import { describe, expect, it } from 'vitest'
import { repoRoot } from './source-files.js'

const scannedRoots = ['src', 'elements', 'react-wrapper', 'wagmi', 'server/src']

/** Every cycle among the files under `roots` (tests left out), as 'a.ts > b.ts'; type-only and dynamic imports count. */
async function importCycles(baseDir: string, roots: string[]): Promise<string[]> {
  // Each parser's own options: type imports and `import()` count as edges, as they do for the type checker and the bundler.
  const countEveryImport = { skipTypeImports: false, skipAsyncImports: false }
  const graph = await madge(
    roots.map((root) => join(baseDir, root)),
    {
      baseDir,
      fileExtensions: ['ts', 'tsx'],
      tsConfig: join(repoRoot, 'tsconfig.json'),
      excludeRegExp: [/\.test\.tsx?$/],
      detectiveOptions: { ts: countEveryImport, tsx: countEveryImport },
    },
  )
  // The graph holds the protocol files from the start: an empty one means the scan is broken.
  expect(Object.keys(graph.obj()).length).toBeGreaterThan(0)
  return graph.circular().map((cycle) => cycle.join(' > '))
}

describe('import cycles', () => {
  it('no source file imports itself back, type-only imports included', { timeout: 120_000 }, async () => {
    expect(await importCycles(repoRoot, scannedRoots)).toEqual([])
  })

  // Self-test: the check finds a cycle that only a type import closes, and leaves test files out.
  it('finds a cycle closed by a type-only import', { timeout: 30_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'import-cycles-'))
    try {
      writeFileSync(join(dir, 'state.ts'), "import type { Options } from './flow.js'\nexport const initial = (options: Options) => options.name\n")
      writeFileSync(join(dir, 'flow.ts'), "import { initial } from './state.js'\nexport interface Options { name: string }\nexport const start = initial\n")
      writeFileSync(
        join(dir, 'flow.test.ts'),
        "import { start } from './flow.js'\nimport { initial } from './state.js'\nexport const both = [start, initial]\n",
      )
      expect(await importCycles(dir, ['.'])).toEqual(['flow.ts > state.ts'])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
