declare module '*.vue' {
  import type { DefineComponent } from 'vue'
  const component: DefineComponent
  export default component
}

interface Window {
  /** Set by /demo-config.js (the demo server). */
  TESSERA_DEMO: { appId: string; apiUrl: string }
}
