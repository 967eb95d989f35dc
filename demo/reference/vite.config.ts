import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

/** react-auth 2.25.0 and its Solana peers live in their own workspace (tools/reference-react-auth), unchanged. */
const referenceModules = fileURLToPath(new URL('../../tools/reference-react-auth/node_modules/', import.meta.url))
const reactAuth = `${referenceModules}@privy-io/react-auth/dist/esm/`

export default defineConfig({
  resolve: {
    alias: [
      { find: /^@privy-io\/react-auth$/, replacement: `${reactAuth}index.mjs` },
      { find: /^@privy-io\/react-auth\/solana$/, replacement: `${reactAuth}solana.mjs` },
    ],
    // One React for the page and the SDK (its workspace holds another copy for one of its dependencies).
    dedupe: ['react', 'react-dom'],
  },
  // Production JSX even when built under vitest (NODE_ENV=test).
  esbuild: { jsx: 'automatic', jsxDev: false },
  define: { global: 'globalThis' },
  build: { chunkSizeWarningLimit: 8000 },
})
