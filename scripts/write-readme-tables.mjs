// Rewrites the README's element tables from the element definitions (a unit test fails while they are stale).
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { tsImport } from 'tsx/esm/api'

const { elementDefinitions } = await tsImport('../elements/definitions.ts', import.meta.url)
const { withElementTables } = await tsImport('./lib/element-tables.ts', import.meta.url)
const readme = fileURLToPath(new URL('../README.md', import.meta.url))
writeFileSync(readme, withElementTables(readFileSync(readme, 'utf8'), elementDefinitions))
