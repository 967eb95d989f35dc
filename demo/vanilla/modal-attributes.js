// Sets <auth-modal>'s attributes while the page is parsed, before the element upgrades. A file rather than an inline
// script, so the page runs under `script-src 'self'` (README "Content-Security-Policy").
const authModal = document.getElementById('auth-modal')
authModal.setAttribute('app-id', window.TESSERA_DEMO.appId)
authModal.setAttribute('api-url', window.TESSERA_DEMO.apiUrl)
