// TesseraProvider's locale and messages in Chromium: the modal it renders speaks the provider's language.
import { assertEqual, waitFor } from './browser-assertions.js'

const { mountReactHost } = await import('/.test-data/browser-fixtures/react-wrapper.js')

describe('TesseraProvider translations', () => {
  it("renders the provider's modal in its locale, with its messages over the locale's", async () => {
    const host = document.createElement('div')
    document.body.append(host)
    mountReactHost(host, { appId: 'tessera-i18n-app-00000090', apiUrl: 'http://127.0.0.1:9', locale: 'es', messages: { 'landing.submit': 'Mandar' } })
    const modal = await waitFor(() => host.querySelector('auth-modal'), 'the provider modal element')
    assertEqual(modal.getAttribute('locale'), 'es', 'the locale attribute set by the wrapper')
    host.querySelector('#login').click()
    const part = (name) => modal.shadowRoot.querySelector(`[part~="${name}"]`)
    await waitFor(() => part('title')?.textContent === 'Inicia sesión o regístrate', 'the Spanish landing')
    assertEqual(part('submit-button').textContent, 'Mandar', "the provider's override")
    host.remove()
  })
})
