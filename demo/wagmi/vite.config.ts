import { defineConfig } from 'vite'

// A React page; the demo server's builder (test/harness/framework-demos.ts) adds the `tessera/*` aliases to dist.
export default defineConfig({
  // Production JSX even when built under vitest (NODE_ENV=test).
  oxc: { jsx: { runtime: 'automatic', development: false } },
})
