/**
 * `npm ci` refuses a lock that misses a locked package's optional dependency (a platform binary published for
 * Linux x64 only, as rollup 4.68.7 and litesvm 1.5.0 were): CI and other machines then cannot install at all.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const repoRoot = join(import.meta.dirname, '..', '..')

interface LockedPackage {
  optionalDependencies?: Record<string, string>
}

/** Optional dependencies with no entry of their own where node resolution would look for them. */
export function unlockedOptionalDependencies(packages: Record<string, LockedPackage>): string[] {
  return Object.entries(packages).flatMap(([path, locked]) =>
    Object.keys(locked.optionalDependencies ?? {})
      .filter((name) => {
        const candidates = [`node_modules/${name}`]
        for (let scope = path; scope.includes('node_modules/'); scope = scope.slice(0, scope.lastIndexOf('/node_modules/'))) {
          candidates.push(`${scope}/node_modules/${name}`)
          if (!scope.includes('/node_modules/')) break
        }
        return !candidates.some((candidate) => candidate in packages)
      })
      .map((name) => `${path || '(root)'} -> ${name}`),
  )
}

describe('package-lock.json', () => {
  it('locks every optional dependency of every locked package', () => {
    const lock = JSON.parse(readFileSync(join(repoRoot, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockedPackage> }
    expect(unlockedOptionalDependencies(lock.packages)).toEqual([])
  })

  it('finds a missing platform binary (self-test)', () => {
    const packages = {
      'node_modules/litesvm': { optionalDependencies: { 'litesvm-linux-x64-gnu': '1.5.0', 'litesvm-darwin-arm64': '1.5.0' } },
      'node_modules/litesvm-linux-x64-gnu': {},
    }
    expect(unlockedOptionalDependencies(packages)).toEqual(['node_modules/litesvm -> litesvm-darwin-arm64'])
  })
})
