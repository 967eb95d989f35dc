import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin'
import { defineConfig } from 'vitest/config'

// Library builds live in scripts/build.mjs; this file holds the vitest projects.
export default defineConfig({
  test: {
    projects: [
      {
        // Styles compile as in the library build, so components render with their real class names.
        plugins: [vanillaExtractPlugin()],
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'src/**/*.test.{ts,tsx}',
            'elements/**/*.test.{ts,tsx}',
            'react-wrapper/**/*.test.{ts,tsx}',
            'wagmi/**/*.test.ts',
            'test/contract/**/*.test.ts',
          ],
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/src/**/*.test.ts'],
          globalSetup: ['server/src/test-support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.test.ts', 'test/harness/**/*.test.ts'],
          // Logs every API server's lines and the pages' error bodies, then greps them for secrets (docs/security.md #54).
          globalSetup: ['test/harness/e2e-global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // Tests a file runs side by side (describe.concurrent) share its stack: two at a time on two cores.
          maxConcurrency: 2,
          // A real browser on two shared cores: one retry absorbs a scheduling stall; a retried test is still named in the log.
          retry: 1,
        },
      },
    ],
  },
})
