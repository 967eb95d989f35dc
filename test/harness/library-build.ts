/** Runs `npm run build` when dist is missing or older than the sources it is built from. */
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { distDir, repoRoot } from './paths.js'

const sourceRoots = ['src', 'elements', 'react-wrapper', 'scripts/build.mjs', 'scripts/build-config.mjs', 'package.json']
const builtFiles = ['tessera.js', 'lib/core.js', 'lib/elements.js', 'lib/react.js', 'lib/protocol.js', 'frame/index.html']

// Tests and test-only fixtures are not part of the build.
const isTestOnly = (path: string) => /\.test\.[cm]?[jt]sx?$|[\\/]test-(fixtures|support)$/.test(path)

function newestModification(path: string): number {
  if (!existsSync(path) || isTestOnly(path)) return 0
  const stats = statSync(path)
  if (!stats.isDirectory()) return stats.mtimeMs
  return Math.max(0, ...readdirSync(path).map((name) => newestModification(join(path, name))))
}

/** True when every built entry exists and is newer than every source file. */
export function isLibraryBuildFresh(): boolean {
  const sourcesChanged = Math.max(...sourceRoots.map((root) => newestModification(join(repoRoot, root))))
  return builtFiles.every((file) => {
    const path = join(distDir, file)
    return existsSync(path) && statSync(path).mtimeMs >= sourcesChanged
  })
}

export function ensureLibraryBuilt(log: (line: string) => void = console.log): void {
  if (isLibraryBuildFresh()) return
  log('Building the library (npm run build)...')
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: repoRoot, stdio: 'inherit' })
}
