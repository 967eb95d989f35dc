// The provider app's cross-app page: sign in to the provider app, then allow or deny the requesting app
// (an authorization request, in the query), or approve or reject its wallet request (a transact request, in the
// fragment), which your embedded wallet here then carries out.
import { getOrCreateClient } from '/tessera.js'

const appId = new URLSearchParams(location.search).get('app_id') ?? ''
const client = getOrCreateClient({ appId, apiUrl: window.TESSERA_DEMO.apiUrl })
const authModal = document.getElementById('auth-modal')
const byId = (id) => document.getElementById(id)

function showError(error) {
  byId('provider-error').hidden = !error
  byId('provider-error').textContent = error ? (error.shortMessage ?? error.message) : ''
}

/** A hex or decimal wei amount in ETH, for the summary. */
const ether = (value) => `${Number(BigInt(value ?? 0)) / 1e18} ETH`

/** What a wallet request asks for, in words: the whole message or typed data, a transaction's recipient, amount and chain. */
function describeWalletRequest({ method, params }) {
  if (method === 'personal_sign') return `to sign the message “${params[0]}”.`
  if (method === 'eth_signTypedData_v4') {
    const typedData = typeof params[1] === 'string' ? JSON.parse(params[1]) : params[1]
    return `to sign ${typedData.primaryType} data for ${typedData.domain?.name ?? 'an unnamed app'}: ${JSON.stringify(typedData.message)}.`
  }
  const { to, value, chainId } = params[0]
  return `to ${method === 'eth_sendTransaction' ? 'send' : 'sign (without sending)'} a transaction of ${ether(value)} to ${to} on chain ${Number(chainId)}.`
}

/** What the requester asks for, in words. */
function describeRequest(requester, appName, transact) {
  if (!transact) return `${requester.name} wants to use your ${appName} account${requester.readOnly ? ' (read only)' : ''}.`
  return `${requester.name} asks your ${appName} wallet ${describeWalletRequest(transact.request)}`
}

/**
 * A message or typed data is signed once Approve is clicked here (this page showed all of it); a transaction goes on
 * to Tessera's confirmation, with its fee, security scan and receipt.
 */
const walletUi = (transact) => ({ uiOptions: { showWalletUIs: transact.request.method.endsWith('Transaction') } })

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

/** Runs an answer with the buttons off (a consent may make your wallet first; a request waits for the wallet). */
async function answering(work) {
  showError(null)
  for (const id of ['provider-allow', 'provider-deny']) byId(id).disabled = true
  try {
    await work()
  } catch (error) {
    showError(error)
    for (const id of ['provider-allow', 'provider-deny']) byId(id).disabled = false
  }
}

async function main() {
  const request = client.auth.crossApp.readAuthorizationRequest()
  const transact = request ? null : await client.auth.crossApp.readTransactRequest()
  if (!request && !transact) {
    byId('provider-status').textContent = 'Another app opens this page to connect your account.'
    return
  }
  const requester = await client.auth.crossApp.getRequester(request ?? transact)
  await client.ready
  const draw = () => render(requester, transact, client.getAuth())
  draw()
  client.watchAuth(draw)
  client.watchConfig(draw)
  if (client.getAuth().status === 'unauthenticated') authModal.start({ intent: 'login' })
  byId('provider-login').addEventListener('click', () => authModal.start({ intent: 'login' }))
  byId('provider-allow').addEventListener('click', () =>
    answering(() => (transact ? client.auth.crossApp.approveTransact(transact, walletUi(transact)) : client.auth.crossApp.approve(request))),
  )
  byId('provider-deny').addEventListener('click', () =>
    answering(() => (transact ? client.auth.crossApp.denyTransact(transact) : client.auth.crossApp.deny(request))),
  )
}

main().catch(showError)
