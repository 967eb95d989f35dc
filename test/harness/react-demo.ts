/**
 * Builds demo/react with Vite. The demo imports the package by its public names (`tessera/react`);
 * they resolve to the built dist entries exactly as they would in an app that installed the package.
 */
import { join } from 'node:path'
import { build } from 'vite'
import { demoDir, distDir, reactDemoOutDir } from './paths.js'

/** The package's public entries, as `exports` in package.json maps them. */
export const packageEntryAliases = [
  { find: /^tessera$/, replacement: join(distDir, 'lib/core.js') },
  { find: /^tessera\/elements$/, replacement: join(distDir, 'lib/elements.js') },
  { find: /^tessera\/react$/, replacement: join(distDir, 'lib/react.js') },
  { find: /^tessera\/react\/smart-wallets$/, replacement: join(distDir, 'lib/react-smart-wallets.js') },
  { find: /^tessera\/wagmi$/, replacement: join(distDir, 'lib/wagmi.js') },
  { find: /^tessera\/protocol$/, replacement: join(distDir, 'lib/protocol.js') },
]

export async function buildReactDemo(outDir: string = reactDemoOutDir): Promise<string> {
  await build({
    configFile: false,
    root: join(demoDir, 'react'),
    base: '/react/',
    // 'error': Vite warns that the classic /demo-config.js script is not bundled, which is the point.
    logLevel: 'error',
    resolve: { alias: packageEntryAliases },
    // A production build even when the caller runs with NODE_ENV=test (vitest): no development JSX, production React.
    mode: 'production',
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    oxc: { jsx: { runtime: 'automatic', development: false } },
    build: { outDir, emptyOutDir: true },
  })
  return outDir
}
