// The full landing, phone input, OAuth status and link/update intents in Chromium through the fixture
// bundle: the real UI over a client double (sign-in spec, "Screens and routes", "States and transitions" and "Validation rules").
import { sendKeys } from '@web/test-runner-commands'
import { assert, assertEqual, waitFor, sleep } from './browser-assertions.js'

const { createScriptedClient, mountView, TesseraError } = await import('/.test-data/browser-fixtures/auth-modal-view.js')

const user = {
  id: 'did:privy:fixture',
  linkedAccounts: [],
  email: { type: 'email', address: 'old@example.com' },
  phone: { type: 'phone', number: '+442079460958' },
}
const mounted = []
afterEach(() => {
  for (const { root, host } of mounted.splice(0)) {
    root.unmount()
    host.remove()
  }
})

function setup(script = {}, viewProps = {}) {
  const calls = { sendCode: [], codes: [], oauth: [], closed: 0, success: [], errors: [], linked: [], updated: [] }
  const client = createScriptedClient({
    sendCode: async (identifier, options) =>
      void calls.sendCode.push({
        identifier,
        intent: options.intent ?? 'login',
        previousIdentifier: options.previousIdentifier ?? null,
        channel: options.channel,
      }),
    loginWithCode: async (code, channel) => {
      calls.codes.push({ code, channel })
      return { user, isNewUser: false }
    },
    ...script,
  })
  const host = document.createElement('div')
  document.body.append(host)
  const { root, shadow } = mountView(host, {
    client,
    onClose: () => calls.closed++,
    onLoginSuccess: (detail) => calls.success.push(detail),
    onAuthError: (error) => calls.errors.push(error.code),
    onLinkSuccess: (detail) => calls.linked.push(detail.linkMethod),
    onUpdateSuccess: (detail) => calls.updated.push(detail.updateMethod),
    ...viewProps,
  })
  mounted.push({ root, host })
  const part = (name) => shadow.querySelector(`[part~="${name}"]`)
  const parts = (name) => [...shadow.querySelectorAll(`[part~="${name}"]`)]
  const title = () => part('title')?.textContent
  const methodLabels = () => parts('method-label').map((label) => label.textContent)
  return { calls, shadow, part, parts, title, methodLabels }
}

const socials = ['google', 'github', 'apple', 'discord', 'twitter']

describe('landing layouts', () => {
  it('legacy: 4 methods then the overflow button, whose view lists the rest and goes back', async () => {
    const { part, title, methodLabels, shadow } = setup({ config: { loginMethods: ['email', 'sms', ...socials] } })
    await waitFor(() => part('overflow-button'), 'the overflow button')
    assertEqual(methodLabels(), ['Continue with SMS', 'Google', 'GitHub', 'Other socials'], 'rows after the inline email form')
    assert(part('email-input'), 'the email row is the inline form')
    assertEqual(shadow.querySelector('ul')?.getAttribute('aria-label'), 'Login methods', 'the rows are a labelled list')

    part('overflow-button').focus()
    await sendKeys({ press: 'Enter' })
    await waitFor(() => title() === 'Other socials', 'the overflow view')
    assertEqual(methodLabels(), ['Apple', 'Discord', 'Twitter'], 'the hidden methods')
    assertEqual(part('back-button').getAttribute('aria-label'), 'Back', 'a labelled back control')
    part('back-button').click()
    await waitFor(() => title() === 'Log in or sign up', 'back on the landing')
    assertEqual(part('info-button').getAttribute('aria-label'), 'About logging in', 'the labelled info button')
  })

  it('legacy: up to 5 methods show without an overflow button', async () => {
    const { part, methodLabels } = setup({ config: { loginMethods: ['email', 'google', 'github', 'apple', 'discord'] } })
    await waitFor(() => part('email-input'), 'the landing')
    assertEqual(methodLabels(), ['Google', 'GitHub', 'Apple', 'Discord'], 'every method')
    assertEqual(part('overflow-button'), null, 'no overflow button')
  })

  it("configured: 4 primary methods then 'More options'", async () => {
    const loginMethodsAndOrder = { primary: ['github', 'google', 'sms', 'apple', 'discord'], overflow: ['email'] }
    const { part, title, methodLabels } = setup({ config: { loginMethods: ['email', 'sms', ...socials], loginMethodsAndOrder } })
    await waitFor(() => part('overflow-button'), "the 'More options' button")
    assertEqual(methodLabels(), ['GitHub', 'Google', 'Continue with SMS', 'Apple', 'More options'], 'the configured order')
    assertEqual(part('email-input'), null, 'email is behind More options')
    part('overflow-button').click()
    await waitFor(() => title() === 'More options', 'the overflow view')
    assertEqual(methodLabels(), ['Discord'], 'the fifth primary and the overflow')
    assert(part('email-input'), 'the email form in the overflow view')
  })

  it('configured: exactly 5 primary and no overflow shows all 5', async () => {
    const loginMethodsAndOrder = { primary: ['github', 'google', 'sms', 'apple', 'discord'], overflow: [] }
    const { part, methodLabels } = setup({ config: { loginMethods: ['sms', ...socials], loginMethodsAndOrder } })
    await waitFor(() => part('method-button'), 'the rows')
    assertEqual(methodLabels(), ['GitHub', 'Google', 'Continue with SMS', 'Apple', 'Discord'], 'all five')
  })

  it("marks the most recent method with the 'Recent' chip", async () => {
    const { part, parts } = setup({ config: { loginMethods: ['email', 'google', 'github'] }, recentLoginMethod: 'github' })
    await waitFor(() => part('recent-chip'), 'the chip')
    assertEqual(parts('recent-chip').length, 1, 'one chip')
    assertEqual(part('recent-chip').textContent, 'Recent', 'chip text')
    assert(part('github-button').contains(part('recent-chip')), 'on the GitHub button')
    assertEqual(part('google-button').querySelector('[part~="recent-chip"]'), null, 'not on Google')
  })

  it("puts the 'Recent' chip beside the inline email form's label, outside the label text", async () => {
    const { part, shadow } = setup({ config: { loginMethods: ['email', 'google'] }, recentLoginMethod: 'email' })
    const chip = await waitFor(() => part('recent-chip'), 'the chip')
    const input = part('email-input')
    assertEqual(shadow.querySelector(`label[for="${input.id}"]`)?.textContent, 'Email', 'label unchanged')
    assert(input.form.contains(chip), 'in the email form')
  })

  it('marks the overflow button when the recent method is behind it', async () => {
    const { part } = setup({ config: { loginMethods: ['email', 'sms', ...socials] }, recentLoginMethod: 'twitter' })
    const overflow = await waitFor(() => part('overflow-button'), 'the overflow button')
    assert(overflow.contains(part('recent-chip')), 'chip on the overflow button')
  })

  it('the info button discloses the About panel', async () => {
    const { part } = setup()
    const info = await waitFor(() => part('info-button'), 'the info button')
    assertEqual(info.getAttribute('aria-expanded'), 'false', 'collapsed')
    info.click()
    const panel = await waitFor(() => part('info-panel'), 'the panel')
    assertEqual(info.getAttribute('aria-expanded'), 'true', 'expanded')
    assertEqual(info.getAttribute('aria-controls'), panel.id, 'controls the panel')
    assert(panel.textContent.includes('About logging in'), 'panel title')
  })
})

describe('phone input', () => {
  it('defaults the country, clears on change, submits on Enter, and masks the number on the code screen', async () => {
    const { part, title, calls, shadow } = setup({ config: { loginMethods: ['sms'], intl: { defaultCountry: 'GB' }, appName: 'Fixture App' } })
    ;(await waitFor(() => part('sms-button'), 'the SMS row')).click()
    const select = await waitFor(() => part('country-select'), 'the country selector (libphonenumber loaded)')
    assertEqual(title(), 'Enter your phone number', 'phone title')
    assertEqual(select.value, 'GB', 'default country from config')
    assertEqual(shadow.querySelector(`label[for="${select.id}"]`)?.textContent, 'Country', 'labelled selector')
    assert(select.selectedOptions[0].textContent.endsWith('+44'), 'calling code shown')
    const input = part('phone-input')
    assertEqual(shadow.querySelector(`label[for="${input.id}"]`)?.textContent, 'Phone number', 'labelled input')
    await waitFor(() => shadow.activeElement === input, 'focus moves to the number field')

    input.focus()
    await sendKeys({ type: '02079460' })
    assert(part('submit-button').disabled, 'Submit disabled while incomplete')
    await sendKeys({ press: 'Enter' })
    assertEqual(calls.sendCode.length, 0, 'Enter does nothing while invalid')
    await sendKeys({ type: '958' })
    await waitFor(() => !part('submit-button').disabled, 'Submit enabled for a valid GB number')
    assertEqual(input.value, '020 7946 0958', 'formatted as typed')

    select.value = 'US'
    select.dispatchEvent(new Event('change', { bubbles: true }))
    await waitFor(() => part('phone-input').value === '', 'the number cleared on country change')
    assert(part('submit-button').disabled, 'Submit disabled again')

    part('phone-input').focus()
    await sendKeys({ type: '4155552671' })
    await waitFor(() => part('phone-input').value === '(415) 555-2671', 'US formatting')
    await sendKeys({ press: 'Enter' })
    await waitFor(() => title() === 'Enter confirmation code', 'the code screen')
    assertEqual(calls.sendCode, [{ identifier: '+14155552671', intent: 'login', previousIdentifier: null, channel: 'sms' }], 'sent in E.164')
    const description = part('code-description').textContent
    assert(description.includes('•••••••2671') && !description.includes('415'), `masked to the last 4: ${description}`)
    assert(description.includes('text message'), 'SMS wording')

    part('code-input').querySelector('input').focus()
    await sendKeys({ type: '123456' })
    await waitFor(() => calls.closed === 1, 'closes after sign-in')
    assertEqual(calls.codes, [{ code: '123456', channel: 'sms' }], 'the SMS flow got the code')
  })

  it('uses the WhatsApp wording when WhatsApp is on', async () => {
    const { part } = setup({ config: { loginMethods: ['sms'], whatsAppEnabled: true } })
    ;(await waitFor(() => part('sms-button'), 'the SMS row')).click()
    const input = await waitFor(() => part('phone-input'), 'the phone input')
    input.focus()
    await sendKeys({ type: '4155552671' })
    await sendKeys({ press: 'Enter' })
    const description = await waitFor(() => part('code-description'), 'the code screen')
    assert(description.textContent.includes('WhatsApp') && description.textContent.includes('2671'), description.textContent)
  })
})

describe('OAuth buttons', () => {
  it('debounce for 2 s, show the status screen, and route a failure to the error screen', async () => {
    let reject
    const { part, title, calls, shadow } = setup({
      config: { loginMethods: ['email', 'google'] },
      oauthStart: (provider, options) => {
        calls.oauth.push({ provider, popup: options.popup, intent: options.intent })
        return new Promise((_, fail) => (reject = fail))
      },
    })
    const button = await waitFor(() => part('google-button'), 'the Google button')
    button.click()
    button.click()
    await waitFor(() => title() === 'Log in with Google', 'the OAuth status screen')
    assertEqual(calls.oauth, [{ provider: 'google', popup: true, intent: 'login' }], 'one popup start despite two clicks')
    assertEqual(shadow.querySelector('[role="status"]')?.textContent.includes('Waiting for Google'), true, 'waiting text in a live region')

    reject(new TesseraError({ code: 'oauth_user_denied', shortMessage: 'User denied confirmation during OAuth flow' }))
    await waitFor(() => calls.errors.includes('oauth_user_denied'), 'the error reported')
    await waitFor(() => title() && title() !== 'Log in with Google', 'the error screen')
  })

  it('ignores a second press within 2 s even after going back', async () => {
    const { part, calls } = setup({
      config: { loginMethods: ['email', 'github'] },
      oauthStart: (provider) => {
        calls.oauth.push(provider)
        return new Promise(() => {})
      },
    })
    ;(await waitFor(() => part('github-button'), 'the GitHub button')).click()
    const back = await waitFor(() => part('back-button'), 'the status screen')
    back.click()
    ;(await waitFor(() => part('github-button'), 'the landing again')).click()
    await sleep(50)
    assertEqual(calls.oauth, ['github'], 'still one start')
  })
})

describe('link and update intents', () => {
  it('link sms opens on the phone input, sends with intent link, and closes with linksuccess', async () => {
    const { part, title, calls } = setup({ user, config: { loginMethods: ['email', 'sms'] } }, { request: { intent: 'link', method: 'sms' } })
    await waitFor(() => title() === 'Link your phone number', 'the phone screen first')
    assertEqual(part('back-button'), null, 'no landing behind it')
    const input = await waitFor(() => part('phone-input'), 'the phone input')
    input.focus()
    await sendKeys({ type: '4155552671' })
    await sendKeys({ press: 'Enter' })
    await waitFor(() => title() === 'Enter confirmation code', 'the code screen')
    assertEqual(calls.sendCode[0].intent, 'link', 'intent link')
    part('code-input').querySelector('input').focus()
    await sendKeys({ type: '654321' })
    await waitFor(() => calls.closed === 1, 'closed on success')
    assertEqual(calls.linked, ['sms'], 'link success reported')
    assertEqual(calls.success, [], 'no login success')
  })

  it('link email opens on the email form without the other methods', async () => {
    const { title, part, parts } = setup({ user, config: { loginMethods: ['email', 'google', 'sms'] } }, { request: { intent: 'link', method: 'email' } })
    await waitFor(() => title() === 'Link your email', 'the link title')
    assert(part('email-input'), 'the email input')
    assertEqual(parts('method-button').length, 0, 'no other rows')
  })

  it('update email asks for the new address and sends the current one as previous', async () => {
    const { part, title, calls, shadow } = setup({ user }, { request: { intent: 'update', method: 'email' } })
    await waitFor(() => title() === 'Update your email', 'the update title')
    const input = part('email-input')
    assertEqual(shadow.querySelector(`label[for="${input.id}"]`)?.textContent, 'New email', 'labelled for the new address')
    input.focus()
    await sendKeys({ type: 'new@example.com' })
    await sendKeys({ press: 'Enter' })
    await waitFor(() => title() === 'Enter confirmation code', 'the code screen')
    assertEqual(calls.sendCode, [{ identifier: 'new@example.com', intent: 'update', previousIdentifier: 'old@example.com', channel: 'email' }], 'update send')
    part('code-input').querySelector('input').focus()
    await sendKeys({ type: '111111' })
    await waitFor(() => calls.updated.length === 1, 'update success')
    assertEqual(calls.updated, ['email'], 'update method')
  })

  it('link with a provider opens the OAuth screen; its button starts the popup with intent link', async () => {
    const { part, title, calls } = setup(
      {
        user,
        config: { loginMethods: ['email', 'github'] },
        oauthStart: async (provider, options) => {
          calls.oauth.push({ provider, intent: options.intent, popup: options.popup })
          return user
        },
      },
      { request: { intent: 'link', method: 'github' } },
    )
    await waitFor(() => title() === 'Link your GitHub account', 'the OAuth link screen')
    const start = part('submit-button')
    assertEqual(start.textContent, 'Continue with GitHub', 'start button')
    start.focus()
    await sendKeys({ press: 'Enter' })
    await waitFor(() => calls.closed === 1, 'closed on success')
    assertEqual(calls.oauth, [{ provider: 'github', intent: 'link', popup: true }], 'popup link')
    assertEqual(calls.linked, ['github'], 'link success reported')
  })
})
