// `<auth-modal>.start(request)` in Chromium, over the real client with an unreachable API (default config).
import { assert, assertEqual, waitFor } from './browser-assertions.js'

const { defineAuthModal } = await import('/.test-data/browser-fixtures/auth-modal-view.js')
defineAuthModal()

const APP_ID = 'tessera-dev-app-000000001'
const UNREACHABLE_API = 'http://127.0.0.1:9'

function create() {
  const element = document.createElement('auth-modal')
  element.setAttribute('app-id', APP_ID)
  element.setAttribute('api-url', UNREACHABLE_API)
  document.body.append(element)
  return element
}
const part = (element, name) => element.shadowRoot.querySelector(`[part~="${name}"]`)

afterEach(() => {
  for (const element of document.querySelectorAll('auth-modal')) element.remove()
})

describe('<auth-modal>.start()', () => {
  it('opens straight on the email form for a link request, and a later plain open shows the landing', async () => {
    const element = create()
    element.start({ intent: 'link', method: 'email' })
    assert(element.open, 'start opens the modal')
    await waitFor(() => part(element, 'title')?.textContent === 'Link your email', 'the link email screen')
    assert(part(element, 'email-input'), 'the email input')
    assertEqual(part(element, 'info-button'), null, 'no landing header controls')

    const closed = new Promise((resolve) => element.addEventListener('modalclose', resolve, { once: true }))
    part(element, 'close-button').click()
    await closed
    assert(!element.open, 'closed')
    await new Promise((resolve) => setTimeout(resolve, 250))
    element.open = true
    await waitFor(() => part(element, 'title')?.textContent === 'Log in or sign up', 'the landing after a plain open')
  })

  it('opens the phone input for an update request', async () => {
    const element = create()
    element.start({ intent: 'update', method: 'sms' })
    await waitFor(() => part(element, 'title')?.textContent === 'Update your phone number', 'the update phone screen')
    await waitFor(() => part(element, 'phone-input'), 'the phone input')
    assertEqual(
      element.shadowRoot.querySelector(`label[for="${part(element, 'phone-input').id}"]`)?.textContent,
      'New phone number',
      'labelled for the new number',
    )
  })

  it('start() with no request opens the landing', async () => {
    const element = create()
    element.start()
    await waitFor(() => part(element, 'title')?.textContent === 'Log in or sign up', 'the landing')
  })
})

describe('<auth-modal>.config set after the element is connected', () => {
  it('reaches the shared client: the landing follows the new header and login-method order', async () => {
    const element = create()
    element.open = true
    await waitFor(() => part(element, 'title')?.textContent === 'Log in or sign up', 'the default landing')
    element.config = { appearance: { landingHeader: 'Welcome back' }, loginMethodsAndOrder: { primary: ['sms', 'email'], overflow: [] } }
    await waitFor(() => part(element, 'title')?.textContent === 'Welcome back', 'the new header')
    const rows = [...element.shadowRoot.querySelectorAll('[part~="method-button"], [part~="email-input"]')].map((row) => row.getAttribute('part'))
    assert(rows[0].includes('sms-button'), `SMS comes first (${rows.join(' | ')})`)
  })
})
