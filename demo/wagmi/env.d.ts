interface Window {
  /** Set by /demo-config.js (the demo server). */
  TESSERA_DEMO: { appId: string; apiUrl: string }
}
