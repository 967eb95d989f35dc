/** Set on every demo page by /demo-config.js (the demo server). */
interface Window {
  TESSERA_DEMO: { appId: string; apiUrl: string; telegramOAuthUrl?: string }
}
