// Per-call sign-in options (`start({ intent: 'login', loginMethods, prefill, disableSignup })`, what useLogin's
// login(options) sends) in Chromium, over the real client; the page's fetch answers the API as the server does.
import { sendKeys } from '@web/test-runner-commands'
import { assert, assertEqual, waitFor } from './browser-assertions.js'

const { defineAuthModal } = await import('/.test-data/browser-fixtures/auth-modal-view.js')
defineAuthModal()

const API = 'http://api.login-options.test'
const requests = []
const json = (status, body) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
const realFetch = window.fetch

before(() => {
  window.fetch = async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input.url)
    if (url.origin !== API) return realFetch(input, init)
    const body = init?.body ? JSON.parse(init.body) : null
    requests.push({ path: url.pathname, body })
    if (url.pathname === '/api/v1/passwordless/init' || url.pathname === '/api/v1/passwordless_sms/init') return json(200, { success: true })
    // No account holds the address: with mode 'no-signup' the server refuses instead of creating one.
    if (url.pathname === '/api/v1/passwordless/authenticate') return json(400, { error: 'No account exists for this login', code: 'user_does_not_exist' })
    if (url.pathname === '/api/v1/analytics_events') return json(200, {})
    return json(404, { error: 'Not found', code: 'not_found' })
  }
})
after(() => {
  window.fetch = realFetch
})
afterEach(() => {
  for (const element of document.querySelectorAll('auth-modal')) element.remove()
})

/** Each test its own app id: the client (and its email flow) is shared per app. */
function create(appId) {
  const element = document.createElement('auth-modal')
  element.setAttribute('app-id', appId)
  element.setAttribute('api-url', API)
  element.config = { loginMethods: ['email', 'sms', 'wallet'] }
  document.body.append(element)
  return element
}
const part = (element, name) => element.shadowRoot.querySelector(`[part~="${name}"]`)
const parts = (element, name) => [...element.shadowRoot.querySelectorAll(`[part~="${name}"]`)]

describe('<auth-modal> sign-in options', () => {
  it('shows only the requested methods, prefills the email, and signs in existing accounts only (no-signup: Account not found)', async () => {
    const element = create('tessera-test-app-00000051')
    element.start({ intent: 'login', loginMethods: ['email'], prefill: { type: 'email', value: 'ada@example.com' }, disableSignup: true })
    const input = await waitFor(() => part(element, 'email-input'), 'the email input')
    assertEqual(input.value, 'ada@example.com', 'the prefilled address')
    assertEqual(part(element, 'sms-button'), null, 'no SMS row')
    assertEqual(parts(element, 'method-button').length, 0, 'no other rows (no wallet)')

    part(element, 'submit-button').click()
    const boxes = await waitFor(() => part(element, 'code-input')?.querySelectorAll('input'), 'the code boxes')
    boxes[0].focus()
    await sendKeys({ type: '123456' })
    await waitFor(() => part(element, 'title')?.textContent === 'Account not found', "the spec's 'Account not found' screen")
    const authenticate = requests.find((request) => request.path === '/api/v1/passwordless/authenticate')
    assertEqual(authenticate.body, { email: 'ada@example.com', code: '123456', mode: 'no-signup' }, 'asked with no-signup')
  })

  it('prefills the phone number on the SMS screen, and sends the code to it', async () => {
    const element = create('tessera-test-app-00000056')
    element.start({ intent: 'login', loginMethods: ['sms'], prefill: { type: 'phone', value: '+14155552671' } })
    ;(await waitFor(() => part(element, 'sms-button'), 'the SMS row')).click()
    const field = await waitFor(() => part(element, 'phone-input'), 'the phone input')
    const input = field.matches('input') ? field : field.querySelector('input')
    assert(input.value.replace(/\D/g, '').endsWith('4155552671'), `the prefilled number: ${input.value}`)
    assertEqual(part(element, 'email-input'), null, 'no email form')
    const submit = await waitFor(() => (part(element, 'submit-button')?.disabled === false ? part(element, 'submit-button') : null), 'a valid number to send')
    submit.click()
    await waitFor(() => requests.some((request) => request.path === '/api/v1/passwordless_sms/init'), 'the code sent')
    assertEqual(requests.find((request) => request.path === '/api/v1/passwordless_sms/init').body.phoneNumber, '+14155552671', 'to the prefilled number')
  })

  it('a plain sign-in afterwards shows every method again, with nothing prefilled', async () => {
    const element = create('tessera-test-app-00000052')
    element.start({ intent: 'login' })
    await waitFor(() => part(element, 'sms-button'), 'the SMS row')
    assertEqual(part(element, 'email-input').value, '', 'no prefill')
    assert(parts(element, 'method-button').length > 1, 'the other rows')
  })
})
