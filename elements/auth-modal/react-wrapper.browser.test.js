// The React wrapper in Chromium: TesseraProvider renders one <auth-modal> that useLogin().login opens.
import { sendKeys } from '@web/test-runner-commands'
import { waitFor } from './browser-assertions.js'

const { mountReactHost } = await import('/.test-data/browser-fixtures/react-wrapper.js')

describe('TesseraProvider + hooks', () => {
  it('opens the provider modal from useLogin, closes it with Escape, and reopens; useModalStatus follows', async () => {
    const host = document.createElement('div')
    document.body.append(host)
    mountReactHost(host, { appId: 'tessera-test-app-00000020', apiUrl: 'http://127.0.0.1:9' })
    const modal = await waitFor(() => host.querySelector('auth-modal'), 'the provider modal element')
    if (document.querySelectorAll('auth-modal').length !== 1) throw new Error('exactly one modal element')
    if (modal.getAttribute('app-id') !== 'tessera-test-app-00000020') throw new Error('app-id attribute set by the wrapper')
    if (modal.hasAttribute('open') || modal.shadowRoot.querySelector('[part="dialog"]')) throw new Error('hidden until open')
    const modalStatus = () => host.querySelector('#modal-status')?.textContent
    if (modalStatus() !== 'closed') throw new Error(`useModalStatus before login: ${modalStatus()}`)

    host.querySelector('#login').click()
    await waitFor(() => modal.shadowRoot.querySelector('[part="dialog"]'), 'the dialog after login()')
    if (!modal.hasAttribute('open')) throw new Error('open attribute set')
    await waitFor(() => modalStatus() === 'open', 'useModalStatus isOpen after login()')
    await waitFor(() => modal.shadowRoot.activeElement?.getAttribute('part') === 'email-input', 'focus in the email input')
    await sendKeys({ press: 'Escape' })
    await waitFor(() => !modal.hasAttribute('open') && !modal.shadowRoot.querySelector('[part="dialog"]'), 'the modal to close')
    await waitFor(() => modalStatus() === 'closed', 'useModalStatus closed after Escape')

    // The provider saw modalclose, so a second login() opens it again.
    host.querySelector('#login').click()
    await waitFor(() => modal.shadowRoot.querySelector('[part="dialog"]'), 'the dialog after a second login()')
  })

  it('login(options) opens the landing with only the requested methods and the email prefilled; login from a click ignores the event', async () => {
    const host = document.createElement('div')
    document.body.append(host)
    mountReactHost(host, { appId: 'tessera-test-app-00000053', apiUrl: 'http://127.0.0.1:9' })
    const modal = await waitFor(() => host.querySelector('auth-modal'), 'the provider modal element')
    host.querySelector('#login-email-only').click()
    const input = await waitFor(() => modal.shadowRoot.querySelector('[part~="email-input"]'), 'the email input')
    if (input.value !== 'ada@example.com') throw new Error(`prefilled: ${input.value}`)
    if (modal.shadowRoot.querySelector('[part~="method-button"]')) throw new Error('only the email method (the default wallet row hidden)')
    await sendKeys({ press: 'Escape' })
    await waitFor(() => !modal.hasAttribute('open'), 'the modal to close')
    host.querySelector('#login').click()
    await waitFor(() => modal.shadowRoot.querySelector('[part~="method-button"]'), 'every method again after a plain login()')
  })

  it("useConnectOrCreateWallet signed out opens the modal's connect-or-create intent on the wallet sign-in; closing it reports onError", async () => {
    const host = document.createElement('div')
    document.body.append(host)
    const events = mountReactHost(host, { appId: 'tessera-test-app-00000055', apiUrl: 'http://127.0.0.1:9' })
    const modal = await waitFor(() => host.querySelector('auth-modal'), 'the provider modal element')
    host.querySelector('#connect-or-create').click()
    // No wallet in this browser: the picker's empty view, under the sign-in picker's title.
    await waitFor(() => modal.shadowRoot.querySelector('[part="title"]')?.textContent === 'Select your wallet', 'the wallet sign-in')
    if (modal.shadowRoot.querySelector('[part~="email-input"]')) throw new Error('no email sign-in')
    await sendKeys({ press: 'Escape' })
    await waitFor(() => events.walletErrors.length === 1, 'onError after the close')
    if (events.walletErrors[0] !== 'exited_auth_flow') throw new Error(`the exit: ${events.walletErrors[0]}`)
  })

  it('useAuth becomes ready once the client settles without a session', async () => {
    const host = document.createElement('div')
    document.body.append(host)
    mountReactHost(host, { appId: 'tessera-test-app-00000021', apiUrl: 'http://127.0.0.1:9' })
    await waitFor(() => host.querySelector('#status')?.textContent === 'ready out', "status 'ready out'", 8000)
  })
})
