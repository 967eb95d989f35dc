// Reads the signed-in state from the shared client the element uses (one per app id per page).
import { getOrCreateClient } from '/tessera.js'

const { appId, apiUrl } = window.TESSERA_DEMO
const client = getOrCreateClient({ appId, apiUrl })
const authModal = document.getElementById('auth-modal')
const byId = (id) => document.getElementById(id)

function render({ status, user }) {
  byId('status').textContent =
    status === 'loading' ? 'Checking your session…' : status === 'authenticated' ? 'You are signed in.' : 'You are signed out.'
  byId('signed-out').hidden = status !== 'unauthenticated'
  byId('signed-in').hidden = status !== 'authenticated'
  byId('user-email').textContent = user?.email?.address ?? ''
  byId('user-id').textContent = user?.id ?? ''
}

render(client.getAuth())
client.watchAuth(render)

byId('login').addEventListener('click', () => authModal.setAttribute('open', ''))
byId('logout').addEventListener('click', () => client.logout())

// The element closes itself (clearing `open`) on success or dismissal; its events are for the host.
authModal.addEventListener('loginsuccess', (event) => {
  console.info('loginsuccess', { userId: event.detail.user.id, isNewUser: event.detail.isNewUser })
})
authModal.addEventListener('autherror', (event) => console.warn('autherror', event.detail))
