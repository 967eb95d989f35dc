import vue from '@vitejs/plugin-vue'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [
    vue({
      // <auth-modal> is a custom element, not a Vue component: Vue leaves it to the browser.
      template: { compilerOptions: { isCustomElement: (tag) => ['auth-modal', 'confirm-tx', 'fund-wallet'].includes(tag) } },
    }),
  ],
})
