/**
 * The README's hook table against the reference SDK's published API (react-auth 2.25's .d.ts files, pinned in
 * tools/reference-react-auth): every hook, component and helper of its entries has a row, and a row names either an
 * export that our entry really has or the open issue that owns it.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..')
const referenceTypes = join(root, 'tools/reference-react-auth/node_modules/@privy-io/react-auth/dist/dts')
const referenceEntries = ['index', 'solana', 'smart-wallets', 'farcaster', 'extended-chains', 'ui'] as const
type ReferenceEntry = (typeof referenceEntries)[number]

/** The issues that own reference hooks we do not have yet; a row naming any other issue fails. */
const openIssues = new Set([16, 17])

/** The components the reference exports beside its hooks (the providers and the modal are our provider and element). */
const referenceComponents = new Set(['Captcha', 'UserPill', 'WalletsDialog'])
const isReferenceHelper = (name: string) => name === 'getEmbeddedConnectedWallet' || name.startsWith('errorIndicates')

/** The names an entry's .d.ts exports (`export { a, b as c, type D } ...`, in every export statement). */
function exportedNames(entry: ReferenceEntry): string[] {
  const text = readFileSync(join(referenceTypes, `${entry}.d.ts`), 'utf8')
  return [...text.matchAll(/^export \{([^}]*)\}/gm)].flatMap(([, list]) =>
    list!
      .split(',')
      .map(
        (part) =>
          part
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)
            .at(-1)!,
      )
      .filter(Boolean),
  )
}

function referenceApi(): Map<string, Set<string>> {
  return new Map(
    referenceEntries.map((entry) => [
      entry,
      new Set(exportedNames(entry).filter((name) => /^use[A-Z]/.test(name) || referenceComponents.has(name) || isReferenceHelper(name))),
    ]),
  )
}

interface Row {
  entry: string
  name: string
  ours: string
}

function readmeRows(): Row[] {
  const readme = readFileSync(join(root, 'README.md'), 'utf8')
  const section = readme.split('\n### React hooks and the reference SDK\n')[1]?.split(/\n##+ /)[0] ?? ''
  return [...section.matchAll(/^\| `(\w+)` \| ([\w-]+) \| (.+?) \|$/gm)].map(([, name, entry, ours]) => ({ name: name!, entry: entry!, ours: ours! }))
}

const ourEntries = {
  'tessera/react/solana': () => import('./solana/index.js'),
  'tessera/react/smart-wallets': () => import('./smart-wallets/index.js'),
  'tessera/react': () => import('./index.js'),
}

/** Why a row's mapping does not hold, or null. */
async function rowProblem(row: Row): Promise<string | null> {
  const entry = (Object.keys(ourEntries) as (keyof typeof ourEntries)[]).find((name) => row.ours.includes(`\`${name}\``))
  if (entry) {
    const exportName = row.ours.match(/`(\w+)`/)?.[1]
    const module = (await ourEntries[entry]()) as Record<string, unknown>
    return exportName && typeof module[exportName] === 'function' ? null : `${row.entry} ${row.name}: ${entry} does not export ${exportName}`
  }
  const issue = Number(row.ours.match(/issue (\d+)/)?.[1])
  return openIssues.has(issue) ? null : `${row.entry} ${row.name}: names neither an export of ours nor an open issue (${row.ours})`
}

describe("the README's hook table", () => {
  it("reads the reference's hooks: 61 in index, 17 in solana, 1 in smart-wallets, 2 in farcaster, 2 in extended-chains", () => {
    const hooks = [...referenceApi()].map(([entry, names]) => [entry, [...names].filter((name) => name.startsWith('use')).length])
    expect(Object.fromEntries(hooks)).toEqual({ index: 61, solana: 17, 'smart-wallets': 1, farcaster: 2, 'extended-chains': 2, ui: 0 })
  })

  it('has one row for every hook, component and helper of the reference, and none for anything else', () => {
    const wanted = [...referenceApi()].flatMap(([entry, names]) => [...names].map((name) => `${entry} ${name}`)).sort()
    const rows = readmeRows().map((row) => `${row.entry} ${row.name}`)
    expect(rows.length).toBe(new Set(rows).size)
    expect(rows.sort()).toEqual(wanted)
  })

  // Loading the three entries (tessera/react/smart-wallets brings permissionless) takes seconds on a busy machine.
  it('maps each row to an export of tessera/react, tessera/react/solana or tessera/react/smart-wallets, or to an open issue', async () => {
    const problems = (await Promise.all(readmeRows().map(rowProblem))).filter(Boolean)
    expect(problems).toEqual([])
  }, 30_000)
})
