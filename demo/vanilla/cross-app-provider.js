// The provider app's cross-app page: sign in to the provider app, then allow or deny the requesting app
// (an authorization request, in the query), or approve or reject its wallet request (a transact request, in the fragment).
import { getOrCreateClient } from '/tessera.js'

const appId = new URLSearchParams(location.search).get('app_id') ?? ''
const client = getOrCreateClient({ appId, apiUrl: window.TESSERA_DEMO.apiUrl })
const authModal = document.getElementById('auth-modal')
const byId = (id) => document.getElementById(id)

function showError(error) {
  byId('provider-error').hidden = !error
  byId('provider-error').textContent = error ? (error.shortMessage ?? error.message) : ''
}

/** What the requester asks for, in words. */
function describeRequest(requester, appName, transact) {
  if (!transact) return `${requester.name} wants to use your ${appName} account${requester.readOnly ? ' (read only)' : ''}.`
  const { method, params } = transact.request
  return method === 'personal_sign'
    ? `${requester.name} asks your ${appName} wallet to sign the message “${params[0]}”.`
    : `${requester.name} asks your ${appName} wallet to send a transaction.`
}

function render(requester, transact, { status }) {
  const appName = client.getConfig().config.appName
  byId('provider-title').textContent = transact ? `Approve a request from ${requester.name}` : `Connect your ${appName} account`
  byId('provider-status').textContent =
    status === 'loading' ? 'Checking your session…' : status === 'authenticated' ? `You are signed in to ${appName}.` : `Log in to ${appName} to continue.`
  byId('provider-signed-out').hidden = status !== 'unauthenticated'
  byId('provider-consent').hidden = status !== 'authenticated'
  byId('provider-consent-text').textContent = describeRequest(requester, appName, transact)
  byId('provider-allow').textContent = transact ? 'Approve' : 'Allow'
  byId('provider-deny').textContent = transact ? 'Reject' : 'Deny'
}

async function main() {
  const request = client.crossApp.readAuthorizationRequest()
  const transact = request ? null : await client.crossApp.readTransactRequest()
  if (!request && !transact) {
    byId('provider-status').textContent = 'Another app opens this page to connect your account.'
    return
  }
  const requester = await client.crossApp.getRequester(request ?? transact)
  await client.ready
  const draw = () => render(requester, transact, client.getAuth())
  draw()
  client.watchAuth(draw)
  client.watchConfig(draw)
  if (client.getAuth().status === 'unauthenticated') authModal.start({ intent: 'login' })
  byId('provider-login').addEventListener('click', () => authModal.start({ intent: 'login' }))
  byId('provider-allow').addEventListener('click', () => {
    showError(null)
    ;(transact ? client.crossApp.approveTransact(transact) : client.crossApp.approve(request)).catch(showError)
  })
  byId('provider-deny').addEventListener('click', () => (transact ? client.crossApp.denyTransact(transact) : client.crossApp.deny(request)).catch(showError))
}

main().catch(showError)
