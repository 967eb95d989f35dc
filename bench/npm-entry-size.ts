/**
 * Gzip bytes of the npm entries a React-free host imports: dist/lib/elements.js and dist/lib/core.js
 * plus every chunk they reach through relative imports (static and dynamic). Bare imports (every
 * dependency and peer: React, viem, @solana/web3.js...) are the host's to bundle, so they are not counted.
 */
import { readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import ts from 'typescript'
import { distDir } from '../test/harness/paths.js'
import { gzipSize } from './gzip-size.js'

export interface FileSize {
  file: string
  gzipBytes: number
}

/** Every file reachable from the entries through relative imports, each once. */
function reachableFiles(entries: string[]): string[] {
  const seen = new Set<string>()
  const visit = (file: string): void => {
    if (seen.has(file)) return
    seen.add(file)
    for (const { fileName } of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
      if (fileName.startsWith('.')) visit(join(dirname(file), fileName))
    }
  }
  entries.forEach(visit)
  return [...seen]
}

/** Bare specifiers the entries import: shown so a reader sees what stays external. */
export function externalImports(entries: string[]): string[] {
  const names = new Set<string>()
  for (const file of reachableFiles(entries)) {
    for (const { fileName } of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
      if (!fileName.startsWith('.') && !fileName.startsWith('/')) names.add(fileName)
    }
  }
  return [...names].sort()
}

export const npmEntries = ['lib/elements.js', 'lib/core.js'].map((file) => join(distDir, file))

export function npmEntrySizes(entries: string[] = npmEntries): FileSize[] {
  return reachableFiles(entries).map((file) => ({ file: relative(distDir, file), gzipBytes: gzipSize(readFileSync(file)) }))
}
