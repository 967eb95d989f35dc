// <auth-modal locale messages> from the built bundle (dist/tessera.js) in Chromium: each element's language, its
// lazily loaded screens and country names in it, the host's overrides, right to left, and two languages on one page.
import { assert, assertEqual, mountAuthModal, waitFor } from './browser-assertions.js'

// One app id per test: a client (and its config) is shared per app id on the page.
let nextApp = 50
const freshAppId = () => `tessera-i18n-app-000000${nextApp++}`
const socials = ['google', 'github', 'apple', 'discord', 'twitter']
const arabic = /[\u0600-\u06ff]/

const mount = (attributes, setup = () => {}) => mountAuthModal(freshAppId(), { open: '', ...attributes }, setup)

const part = (element, name) => element.shadowRoot.querySelector(`[part~="${name}"]`)
const title = (element) => part(element, 'title')?.textContent
/** The element's language wrapper: `lang` and `dir` over everything it renders. */
const languageRoot = (element) => part(element, 'dialog').closest('[lang]')
const countryName = (element, code) => part(element, 'country-select').querySelector(`option[value="${code}"]`)?.textContent

await import('/dist/tessera.js')

afterEach(() => {
  for (const element of document.querySelectorAll('auth-modal')) element.remove()
})

describe('<auth-modal> translations (built bundle)', () => {
  it("renders the landing in the element's locale, with lang and dir on its root", async () => {
    const element = await mount({ locale: 'es-MX' })
    await waitFor(() => title(element) === 'Inicia sesión o regístrate', 'the Spanish landing header')
    assertEqual(part(element, 'submit-button').textContent, 'Enviar', 'the submit button')
    assertEqual(part(element, 'close-button').getAttribute('aria-label'), 'Cerrar', 'the close label')
    assertEqual(languageRoot(element).getAttribute('lang'), 'es-MX', 'lang')
    assertEqual(languageRoot(element).getAttribute('dir'), 'ltr', 'dir')
  })

  it('shows a lazily loaded screen in the locale, with country names in it', async () => {
    const element = await mount({ locale: 'es' }, (el) => (el.config = { loginMethods: ['email', 'sms'] }))
    const sms = await waitFor(() => part(element, 'sms-button'), 'the SMS row')
    assertEqual(sms.textContent.trim(), 'Continuar con SMS', 'the SMS row')
    sms.click()
    await waitFor(() => title(element) === 'Introduce tu número de teléfono', 'the Spanish phone screen')
    assertEqual(countryName(element, 'DE'), 'Alemania +49', 'a country named in Spanish')
    assertEqual(part(element, 'back-button').getAttribute('aria-label'), 'Atrás', 'the back label')
  })

  it("the host's messages override the locale's strings; a key they leave out keeps the locale's", async () => {
    const element = await mount({ locale: 'es' }, (el) => (el.messages = { 'landing.header': 'Bienvenido a Acme' }))
    await waitFor(() => title(element) === 'Bienvenido a Acme', 'the overridden header')
    assertEqual(part(element, 'submit-button').textContent, 'Enviar', 'a key not overridden stays Spanish')
    element.messages = { 'landing.submit': 'Mandar' }
    await waitFor(() => part(element, 'submit-button').textContent === 'Mandar', 'a new messages object applies at once')
    assertEqual(title(element), 'Inicia sesión o regístrate', 'the header is back to the locale')
  })

  it('renders English for a language without a table, with only the overridden keys changed', async () => {
    const element = await mount({ locale: 'sw' }, (el) => (el.messages = { 'landing.header': 'Karibu' }))
    await waitFor(() => title(element) === 'Karibu', 'the overridden header')
    assertEqual(part(element, 'submit-button').textContent, 'Submit', 'English for the rest')
    assertEqual(languageRoot(element).getAttribute('dir'), 'ltr', 'dir')
  })

  it('lays Arabic out right to left: the back button sits on the right, the close button on the left', async () => {
    const element = await mount({ locale: 'ar' }, (el) => (el.config = { loginMethods: ['email', 'sms', ...socials] }))
    assertEqual(languageRoot(element).getAttribute('dir'), 'rtl', 'dir')
    const overflow = await waitFor(() => part(element, 'overflow-button'), 'the overflow row')
    overflow.click()
    const back = await waitFor(() => part(element, 'back-button'), 'the overflow view')
    assert(arabic.test(title(element)), `an Arabic title (got ${title(element)})`)
    const header = part(element, 'header').getBoundingClientRect()
    const backBox = back.getBoundingClientRect()
    const closeBox = part(element, 'close-button').getBoundingClientRect()
    assert(
      backBox.left > header.left + header.width / 2,
      `back on the right half (back ${backBox.left}..${backBox.right}, header ${header.left}..${header.right})`,
    )
    assert(closeBox.right < header.left + header.width / 2, `close on the left half (close ${closeBox.left}..${closeBox.right})`)
    // The arrow points right, the way back in a right-to-left layout.
    assertEqual(getComputedStyle(back.querySelector('span')).transform, 'matrix(-1, 0, 0, 1, 0, 0)', 'the mirrored arrow')
  })

  it('shows the phone screen in Arabic, with Arabic country names', async () => {
    const element = await mount({ locale: 'ar' }, (el) => (el.config = { loginMethods: ['email', 'sms'] }))
    ;(await waitFor(() => part(element, 'sms-button'), 'the SMS row')).click()
    await waitFor(() => part(element, 'country-select'), 'the phone screen')
    assert(arabic.test(title(element)), `an Arabic title (got ${title(element)})`)
    const egypt = countryName(element, 'EG')
    assert(egypt.startsWith('مصر') && egypt.includes('+20'), `a country named in Arabic (got ${egypt})`)
  })

  it('renders two elements on one page each in its own language', async () => {
    const spanish = await mount({ locale: 'es', standalone: '' })
    const arabicModal = await mount({ locale: 'ar', standalone: '' })
    const english = await mount({ standalone: '' })
    await waitFor(() => title(spanish) === 'Inicia sesión o regístrate', 'the Spanish element')
    await waitFor(() => arabic.test(title(arabicModal) ?? ''), 'the Arabic element')
    assertEqual(title(english), 'Log in or sign up', 'the element without a locale (the page is English)')
    assertEqual(languageRoot(spanish).getAttribute('dir'), 'ltr', 'Spanish left to right')
    assertEqual(languageRoot(arabicModal).getAttribute('dir'), 'rtl', 'Arabic right to left')
    // Switching one element's language leaves the other as it is.
    spanish.setAttribute('locale', 'de')
    await waitFor(() => title(spanish) !== 'Inicia sesión o regístrate' && languageRoot(spanish).getAttribute('lang') === 'de', 'the German element')
    assert(arabic.test(title(arabicModal)), 'the Arabic element is unchanged')
    assertEqual(title(english), 'Log in or sign up', 'the English element is unchanged')
  })
})
