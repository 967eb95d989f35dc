// Browser tests in real Chromium (run `npm run build` first: most tests load the BUILT dist/tessera.js).
// Screens a server-less test cannot reach are checked through a fixture bundle built here.
import { fileURLToPath } from 'node:url'
import { chromeLauncher } from '@web/test-runner-chrome'
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin'
import { build } from 'vite'

const root = fileURLToPath(new URL('.', import.meta.url))

await build({
  root,
  configFile: false,
  logLevel: 'error',
  mode: 'production',
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  plugins: [vanillaExtractPlugin()],
  build: {
    outDir: '.test-data/browser-fixtures',
    emptyOutDir: true,
    minify: false,
    lib: {
      entry: {
        'auth-modal-view': 'elements/test-fixtures/auth-modal-view.fixture.tsx',
        'react-wrapper': 'elements/test-fixtures/react-wrapper.fixture.tsx',
        'access-screens': 'elements/test-fixtures/access-screens.fixture.tsx',
        'fake-confirmations': 'elements/test-fixtures/fake-confirmations.ts',
        'fake-funding': 'elements/test-fixtures/fake-funding.ts',
        'screen-walk': 'elements/test-fixtures/screen-walk.fixture.ts',
        'element-definitions': 'elements/definitions.ts',
      },
      formats: ['es'],
      fileName: (_format, name) => `${name}.js`,
    },
  },
})

export default {
  rootDir: root,
  files: ['elements/**/*.browser.test.js'],
  nodeResolve: true,
  concurrency: 1,
  // Lazy chunks load on first use: a busy CI machine needs the slack (a passing wait returns at once). One retry,
  // as in e2e, for the wallet picker's intermittent non-opening in full runs (its message now carries the screen).
  testFramework: { config: { timeout: 30_000, retries: 1 } },
  browsers: [
    chromeLauncher({
      launchOptions: {
        executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
        headless: true,
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-quic',
          '--no-first-run',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
        ],
      },
    }),
  ],
}
