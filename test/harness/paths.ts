/** Absolute paths of the repository parts the harness serves, builds and starts. */
import { fileURLToPath } from 'node:url'

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url))
export const distDir = fileURLToPath(new URL('../../dist/', import.meta.url))
export const demoDir = fileURLToPath(new URL('../../demo/', import.meta.url))
/** Built React demo (vanilla is served straight from demo/vanilla). */
export const reactDemoOutDir = fileURLToPath(new URL('../../dist/demo/react/', import.meta.url))
/** Git-ignored scratch space for test data directories. */
export const testDataDir = fileURLToPath(new URL('../../.test-data/', import.meta.url))
