/** Set on every demo page by /demo-config.js (the demo server); `serverWallets` on the page of the server-wallets app. */
interface Window {
  TESSERA_DEMO: { appId: string; apiUrl: string; telegramOAuthUrl?: string; serverWallets?: true }
}
