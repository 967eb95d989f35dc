import { defineConfig } from 'vite'

// The WalletConnect test wallet: plain TypeScript, no framework.
export default defineConfig({})
