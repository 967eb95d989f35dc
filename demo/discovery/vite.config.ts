import { resolve } from 'node:path'
import { defineConfig } from 'vite'

// Two dapp pages (and a page linking them): one finds wallets with mipd, the other with @wallet-standard/app.
export default defineConfig({
  build: {
    rollupOptions: {
      input: {
        index: resolve(import.meta.dirname, 'index.html'),
        mipd: resolve(import.meta.dirname, 'mipd.html'),
        'wallet-standard': resolve(import.meta.dirname, 'wallet-standard.html'),
      },
    },
  },
})
