declare module '*.svelte' {
  import type { Component } from 'svelte'
  const component: Component
  export default component
}

interface Window {
  /** Set by /demo-config.js (the demo server). */
  TESSERA_DEMO: { appId: string; apiUrl: string }
}
