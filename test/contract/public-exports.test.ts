/**
 * The names each public entry of package.json exports, values and types apart, against a committed snapshot: a
 * rename, a removal or an accidental export shows up in review as a change of `public-exports/<entry>.txt`.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { repoRoot } from '../harness/paths.js'

const { exports } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { exports: Record<string, { types: string }> }

/** The source file behind an entry's declaration file (`./dist/types/src/core/index.d.ts` → `src/core/index.ts`). */
const sourceOf = (types: string) => {
  const base = join(repoRoot, types.replace(/^\.\/dist\/types\//, '').replace(/\.d\.ts$/, ''))
  return [`${base}.ts`, `${base}.tsx`].find(existsSync)!
}
const entries = Object.entries(exports).map(([entry, { types }]) => ({ entry, file: sourceOf(types) }))

const { config } = ts.readConfigFile(join(repoRoot, 'tsconfig.json'), ts.sys.readFile)
const { options } = ts.parseJsonConfigFileContent(config, ts.sys, repoRoot)
const program = ts.createProgram(
  entries.map(({ file }) => file),
  { ...options, noEmit: true },
)
const checker = program.getTypeChecker()

/** `name value` or `name type` per export, sorted. */
function exportedNames(file: string): string {
  const module = checker.getSymbolAtLocation(program.getSourceFile(file)!)!
  return checker
    .getExportsOfModule(module)
    .map((symbol) => {
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol
      return `${symbol.name} ${target.flags & ts.SymbolFlags.Value ? 'value' : 'type'}`
    })
    .sort()
    .join('\n')
}

describe('public exports', () => {
  it.each(entries)('$entry exports what its snapshot lists', async ({ entry, file }) => {
    const name = entry === '.' ? 'tessera' : entry.slice(2).replaceAll('/', '-')
    await expect(`${exportedNames(file)}\n`).toMatchFileSnapshot(`public-exports/${name}.txt`)
  })
})
