/** The repository's source files as the contract tests scan them. */
import { existsSync, readdirSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url))

/** Every file under `dir` whose name matches `sourceFile`, skipping node_modules and dist. */
export function listSourceFiles(dir: string, sourceFile: RegExp): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : listSourceFiles(path, sourceFile)
    return sourceFile.test(entry.name) ? [path] : []
  })
}

export const repoPath = (file: string): string => relative(repoRoot, file).split(sep).join('/')
