// <auth-modal> from the built script-tag bundle (dist/tessera.js) in Chromium.
import { sendKeys, setViewport } from '@web/test-runner-commands'
import { assert, assertEqual, mountAuthModal, UNREACHABLE_API, waitFor } from './browser-assertions.js'

const APP_ID = 'tessera-dev-app-000000001'

const mount = (attributes = {}, setup = () => {}) => mountAuthModal(APP_ID, attributes, setup)

const part = (element, name) => element.shadowRoot.querySelector(`[part~="${name}"]`)
const colour = (element, name, property) => getComputedStyle(part(element, name)).getPropertyValue(property).trim()

await import('/dist/tessera.js')

afterEach(() => {
  for (const element of document.querySelectorAll('auth-modal')) element.remove()
  for (const style of document.querySelectorAll('style[data-test]')) style.remove()
})

describe('<auth-modal> (built bundle)', () => {
  it('defines the element once; a second import and define call are harmless', async () => {
    const first = customElements.get('auth-modal')
    assert(first, 'auth-modal is defined on import')
    const again = await import('/dist/tessera.js?second-copy')
    again.defineAuthModal()
    assertEqual(customElements.get('auth-modal'), first, 'the first definition stays')
  })

  it('renders nothing until open', async () => {
    const element = document.createElement('auth-modal')
    element.setAttribute('app-id', APP_ID)
    element.setAttribute('api-url', UNREACHABLE_API)
    document.body.append(element)
    await new Promise((resolve) => setTimeout(resolve, 100))
    assertEqual(element.shadowRoot.mode, 'open', 'shadow root mode')
    assertEqual(part(element, 'dialog'), null, 'no dialog while closed')
    element.open = true
    await waitFor(() => part(element, 'dialog'), 'the dialog after open = true')
    assert(element.hasAttribute('open'), 'the open property reflects to the attribute')
  })

  it('renders the landing with defaults when the API is unreachable', async () => {
    const element = await mount({ open: '' })
    assertEqual(part(element, 'title').textContent, 'Log in or sign up', 'header text')
    for (const name of ['overlay', 'dialog', 'header', 'close-button', 'title', 'body', 'email-input', 'submit-button'])
      assert(part(element, name), `part ${name} present`)
    assertEqual(part(element, 'footer'), null, 'no footer without terms or privacy URLs')
    const dialog = part(element, 'dialog')
    assertEqual(dialog.getAttribute('role'), 'dialog', 'role')
    assertEqual(dialog.getAttribute('aria-modal'), 'true', 'aria-modal')
    const title = element.shadowRoot.getElementById(dialog.getAttribute('aria-labelledby'))
    assertEqual(title, part(element, 'title'), 'aria-labelledby points at the title')
    assertEqual(part(element, 'close-button').getAttribute('aria-label'), 'Close', 'close button label')
    const input = part(element, 'email-input')
    assertEqual(element.shadowRoot.querySelector(`label[for="${input.id}"]`)?.textContent, 'Email', 'email input label')
    assertEqual(getComputedStyle(dialog).width, '360px', 'centred 360 px dialog')
  })

  it('becomes a bottom sheet at 440 px and narrower', async () => {
    await setViewport({ width: 440, height: 800 })
    try {
      const element = await mount({ open: '' })
      const box = part(element, 'dialog').getBoundingClientRect()
      assertEqual(Math.round(box.width), 440, 'full width')
      assertEqual(Math.round(box.bottom), 800, 'anchored to the bottom')
      await setViewport({ width: 441, height: 800 })
      await waitFor(() => Math.round(part(element, 'dialog').getBoundingClientRect().width) === 360, 'the centred 360 px dialog at 441 px')
    } finally {
      await setViewport({ width: 800, height: 600 })
    }
  })

  it('adopts one shared constructable stylesheet in every instance', async () => {
    const first = await mount({ open: '' })
    const second = await mount({ open: '', standalone: '' })
    const [sharedA] = first.shadowRoot.adoptedStyleSheets
    const [sharedB] = second.shadowRoot.adoptedStyleSheets
    assert(sharedA && sharedA === sharedB, 'the same CSSStyleSheet object is adopted by both')
    assert(sharedA.cssRules.length > 10, 'the shared sheet holds the built CSS')
    assertEqual(document.querySelectorAll('link[rel=stylesheet], style').length, 0, 'nothing is added to the page head')
  })

  it('switches theme values with the theme attribute', async () => {
    const element = await mount({ open: '' })
    assertEqual(colour(element, 'dialog', 'background-color'), 'rgb(255, 255, 255)', 'light background')
    element.setAttribute('theme', 'dark')
    await waitFor(() => colour(element, 'dialog', 'background-color') === 'rgb(27, 29, 34)', 'dark background')
    element.removeAttribute('theme')
    await waitFor(() => colour(element, 'dialog', 'background-color') === 'rgb(255, 255, 255)', 'light again after removing theme')
  })

  it('lets the host page override --tessera-* properties on the element', async () => {
    const style = Object.assign(document.createElement('style'), {
      textContent: 'auth-modal.branded { --tessera-accent: rgb(1, 2, 3); --tessera-radius: 3px }',
    })
    style.dataset.test = ''
    document.head.append(style)
    const element = await mount({ open: '', class: 'branded' })
    assertEqual(colour(element, 'submit-button', 'background-color'), 'rgb(1, 2, 3)', 'overridden accent')
    assertEqual(colour(element, 'dialog', 'border-top-left-radius'), '3px', 'overridden radius')
  })

  it('derives the accent palette and theme from config.appearance', async () => {
    // The client is shared per app id and takes its config when first created: use a fresh app id.
    const element = await mount({ open: '', 'app-id': 'tessera-test-app-00000002' }, (el) => {
      el.config = { appearance: { accentColor: '#fde047', theme: 'dark' } }
    })
    await waitFor(() => colour(element, 'submit-button', 'background-color') === 'rgb(253, 224, 71)', 'configured accent')
    // On the dark theme yellow reads as it is; the near-black foreground reads better on it than white.
    assertEqual(colour(element, 'submit-button', 'color'), 'rgb(17, 24, 39)', 'dark foreground on a light accent')
    assertEqual(colour(element, 'dialog', 'background-color'), 'rgb(27, 29, 34)', 'config theme dark without a theme attribute')
    element.setAttribute('theme', 'light')
    await waitFor(() => colour(element, 'dialog', 'background-color') === 'rgb(255, 255, 255)', 'the attribute wins over the config theme')
    // On white, yellow reads at 1.3:1: the light theme's palette darkens it until it reads at 4.5:1, with white on it.
    assertEqual(colour(element, 'submit-button', 'background-color'), 'rgb(129, 108, 1)', 'the accent darkened under the light theme')
    assertEqual(colour(element, 'submit-button', 'color'), 'rgb(255, 255, 255)', 'white on the darkened accent')
  })

  it('shows the configured header, logo, truncated login message and the legal footer', async () => {
    const logo = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"/>')}`
    const element = await mount({ open: '', 'app-id': 'tessera-test-app-00000004' }, (el) => {
      el.config = {
        appearance: { landingHeader: 'Welcome to Acme', loginMessage: 'm'.repeat(150), logo },
        legal: { termsAndConditionsUrl: 'https://acme.test/terms' },
      }
    })
    assertEqual(part(element, 'title').textContent, 'Welcome to Acme', 'configured header')
    const image = part(element, 'logo')
    await waitFor(() => image.complete && image.getBoundingClientRect().width > 0, 'the logo to load')
    const box = image.getBoundingClientRect()
    assert(box.width <= 180 && box.height <= 90, `logo within 180x90 (got ${box.width}x${box.height})`)
    assert(element.shadowRoot.textContent.includes('m'.repeat(100)) && !element.shadowRoot.textContent.includes('m'.repeat(101)), 'message truncated to 100')
    const footer = part(element, 'footer')
    assertEqual(footer.textContent, 'By logging in I agree to the Terms & Privacy Policy', 'footer text')
    const links = [...footer.querySelectorAll('a')]
    assertEqual(links.length, 1, 'only the terms link (no privacy URL)')
    assertEqual(links[0].getAttribute('href'), 'https://acme.test/terms', 'terms URL')
  })

  it('closes on Escape and dispatches a composed, bubbling modalclose', async () => {
    const element = await mount({ open: '' })
    const events = []
    document.addEventListener('modalclose', (event) => events.push(event), { once: true })
    part(element, 'email-input').focus()
    await sendKeys({ press: 'Escape' })
    await waitFor(() => events.length === 1, 'modalclose')
    assert(events[0].bubbles && events[0].composed, 'modalclose bubbles and is composed')
    assertEqual(events[0].target, element, 'dispatched on the element')
    assert(!element.hasAttribute('open'), 'open attribute removed')
    await waitFor(() => part(element, 'dialog') === null, 'the dialog to disappear')
  })

  it('closes from the close button', async () => {
    const element = await mount({ open: '' })
    let closed = 0
    element.addEventListener('modalclose', () => closed++)
    part(element, 'close-button').click()
    await waitFor(() => closed === 1 && !element.open, 'modalclose from the close button')
  })

  it('keeps focus inside the dialog with Tab and Shift+Tab', async () => {
    const element = await mount({ open: '' })
    const dialog = part(element, 'dialog')
    await waitFor(() => element.shadowRoot.activeElement === part(element, 'email-input'), 'initial focus on the email input')
    const seen = new Set()
    for (let i = 0; i < 5; i++) {
      await sendKeys({ press: 'Tab' })
      const active = element.shadowRoot.activeElement
      assert(active && dialog.contains(active), `focus stays in the dialog after Tab ${i + 1}`)
      seen.add(active)
    }
    assert(seen.has(part(element, 'close-button')) && seen.has(part(element, 'email-input')), 'Tab cycles through the controls')
    await sendKeys({ down: 'Shift' })
    await sendKeys({ press: 'Tab' })
    await sendKeys({ up: 'Shift' })
    assert(dialog.contains(element.shadowRoot.activeElement), 'focus stays in the dialog after Shift+Tab')
  })

  it('standalone mode renders inline without a close button, ignoring open', async () => {
    const element = await mount({ standalone: '' })
    assertEqual(part(element, 'close-button'), null, 'no close button')
    assertEqual(part(element, 'overlay'), null, 'no overlay')
    assertEqual(part(element, 'dialog').getAttribute('aria-modal'), null, 'not modal')
    assert(part(element, 'email-input'), 'landing rendered')
  })

  it('keeps submit disabled until the email is valid', async () => {
    const element = await mount({ open: '' })
    const input = part(element, 'email-input')
    const submit = part(element, 'submit-button')
    assert(submit.disabled, 'disabled while empty')
    input.focus()
    await sendKeys({ type: 'not-an-email' })
    assertEqual(input.value, 'not-an-email', 'typed text')
    assert(submit.disabled, 'disabled for an invalid email')
    await sendKeys({ type: '@example.com' })
    await waitFor(() => !submit.disabled, 'submit enabled for a valid email')
  })
})
