// Writes dist/custom-elements.json from the element definitions (called by scripts/build.mjs).
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { tsImport } from 'tsx/esm/api'

const { elementDefinitions } = await tsImport('../elements/definitions.ts', import.meta.url)
const { customElementsManifest } = await tsImport('./lib/custom-elements-manifest.ts', import.meta.url)
const target = fileURLToPath(new URL('../dist/custom-elements.json', import.meta.url))
writeFileSync(target, `${JSON.stringify(customElementsManifest(elementDefinitions), null, 2)}\n`)
