// The provider app's cross-app page: sign in to the provider app, then allow or deny the requesting app.
import { getOrCreateClient } from '/tessera.js'

const appId = new URLSearchParams(location.search).get('app_id') ?? ''
const client = getOrCreateClient({ appId, apiUrl: window.TESSERA_DEMO.apiUrl })
const authModal = document.getElementById('auth-modal')
const byId = (id) => document.getElementById(id)
const request = client.crossApp.readAuthorizationRequest()

function showError(error) {
  byId('provider-error').hidden = !error
  byId('provider-error').textContent = error ? (error.shortMessage ?? error.message) : ''
}

function render(requester, { status }) {
  const appName = client.getConfig().config.appName
  byId('provider-title').textContent = `Connect your ${appName} account`
  byId('provider-status').textContent =
    status === 'loading' ? 'Checking your session…' : status === 'authenticated' ? `You are signed in to ${appName}.` : `Log in to ${appName} to continue.`
  byId('provider-signed-out').hidden = status !== 'unauthenticated'
  byId('provider-consent').hidden = status !== 'authenticated'
  byId('provider-consent-text').textContent = `${requester.name} wants to use your ${appName} account${requester.readOnly ? ' (read only)' : ''}.`
}

async function main() {
  if (!request) {
    byId('provider-status').textContent = 'Another app opens this page to connect your account.'
    return
  }
  const requester = await client.crossApp.getRequester(request)
  await client.ready
  render(requester, client.getAuth())
  client.watchAuth((auth) => render(requester, auth))
  client.watchConfig(() => render(requester, client.getAuth()))
  if (client.getAuth().status === 'unauthenticated') authModal.start({ intent: 'login' })
  byId('provider-login').addEventListener('click', () => authModal.start({ intent: 'login' }))
  byId('provider-allow').addEventListener('click', () => {
    showError(null)
    client.crossApp.approve(request).catch(showError)
  })
  byId('provider-deny').addEventListener('click', () => client.crossApp.deny(request).catch(showError))
}

main().catch(showError)
