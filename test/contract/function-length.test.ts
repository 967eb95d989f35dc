// The style rule "no function over 80 lines outside tests": a long function becomes small actions, not an exception.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { listSourceFiles, repoPath, repoRoot } from './source-files.js'
import { longFunctions, measureFunctions } from './function-length.js'

const scannedRoots = ['src', 'elements', 'react-wrapper', 'wagmi', 'server/src']
const sourceFile = /\.(tsx?|mts)$/
const testOnly = /(\.test\.[cm]?[jt]sx?$)|(\.d\.ts$)|(\/(test-fixtures|test-support)\/)/

describe('function length', () => {
  const found: Record<string, number> = Object.assign(
    {},
    ...scannedRoots
      .flatMap((root) => listSourceFiles(join(repoRoot, root), sourceFile))
      .filter((file) => !testOnly.test(repoPath(file)))
      .map((file) => [file, readFileSync(file, 'utf8')] as const)
      // Shared test suites (e.g. otp-suite.ts) sit beside the code too: a file that imports vitest is a test.
      .filter(([, source]) => !source.includes("from 'vitest'"))
      .map(([file, source]) => longFunctions(repoPath(file), source)),
  )

  it('no function outside tests runs over 80 lines', () => {
    expect(found).toEqual({})
  })

  it('measures declarations, arrows, methods and nested functions by name, first line to last', () => {
    const source = [
      'export function outer() {', // 1
      '  const inner = () => {', // 2
      '    return 1', // 3
      '  }', // 4
      '  return [1].map(function () { return inner() })', // 5
      '}', // 6
      'class A { method() {', // 7
      '  return 2 } }', // 8
      'const object = { property: async () => 3 }', // 9
    ].join('\n')
    expect(measureFunctions('f.ts', source)).toEqual([
      { key: 'f.ts#outer', lines: 6 },
      { key: 'f.ts#outer.inner', lines: 3 },
      { key: 'f.ts#outer.<anonymous>', lines: 1 },
      { key: 'f.ts#A.method', lines: 2 },
      { key: 'f.ts#property', lines: 1 },
    ])
    expect(longFunctions('f.ts', source, 2)).toEqual({ 'f.ts#outer': 6, 'f.ts#outer.inner': 3 })
  })
})
