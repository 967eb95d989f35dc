// The page's Tessera part: <auth-modal> signs the user in (the dev app then makes the embedded wallets and, with
// `announce_wallets_enabled`, announces them to the page). `?app_id=` picks another app of the same server.
import { getOrCreateClient, type TesseraClient } from 'tessera'
import { defineAuthModal, type AuthModalElement } from 'tessera/elements'
import '../shared/demo.css'

export function mountSignIn(): TesseraClient {
  const { apiUrl } = window.TESSERA_DEMO
  const appId = new URLSearchParams(location.search).get('app_id') ?? window.TESSERA_DEMO.appId
  defineAuthModal()
  const modal = document.querySelector<AuthModalElement>('auth-modal')!
  modal.setAttribute('app-id', appId)
  modal.setAttribute('api-url', apiUrl)
  const client = getOrCreateClient({ appId, apiUrl })
  document.querySelector('#login')!.addEventListener('click', () => modal.start({ intent: 'login' }))
  document.querySelector('#logout')!.addEventListener('click', () => void client.logout())
  client.watchAuth(({ user }) => {
    document.querySelector<HTMLElement>('#signed-out')!.hidden = !!user
    document.querySelector<HTMLElement>('#login')!.hidden = !!user
    document.querySelector<HTMLElement>('#signed-in')!.hidden = !user
    document.querySelector('#user-email')!.textContent = user?.email?.address ?? ''
  })
  return client
}
