// <confirm-tx> and <fund-wallet> from the built bundle (dist/tessera.js) in Chromium in another language: their
// screens' strings from the shipped tables (read by key), a host override, amounts in the locale's format, right to
// left (dir, lang and where a start-aligned control lands) and a `locale` attribute changed while shown.
import { assert, assertEqual, waitFor } from './browser-assertions.js'

const { createAccessClient, fixtureUser } = await import('/.test-data/browser-fixtures/access-screens.js')
const { attachConfirmations, loadLocaleTable } = await import('/.test-data/browser-fixtures/fake-confirmations.js')
const { fundingConfig } = await import('./screen-walk.js')
await import('/dist/tessera.js')

const [es, fr, ar] = await Promise.all(['es', 'fr', 'ar'].map((locale) => loadLocaleTable(locale)))
// The English strings that must be gone once another language shows (src/ui/copy/transactions.ts, funding.ts).
const en = {
  'tx.title': 'Confirm transaction',
  'tx.row.estimatedFee': 'Estimated fee',
  'funding.receive': 'Receive funds',
  'funding.receive.copy': 'Copy address',
}
const request = { to: `0x${'cd'.repeat(20)}`, value: '0x6f05b59d3b20000' }
const walletAddress = `0x${'ab'.repeat(20)}`
let apps = 0

/** A client double registered for a fresh app id (the elements find it), with a confirmation queue and funding. */
function registerClient() {
  const appId = `i18n-panels-app-${++apps}`
  const client = createAccessClient({
    user: fixtureUser(),
    config: { fundingConfig },
    embeddedWallets: { wallets: [{ chainType: 'ethereum', recoveryMethod: 'privy' }] },
  })
  attachConfirmations(client.embeddedWallets)
  ;(globalThis[Symbol.for('tessera.client')] ??= new Map()).set(appId, client)
  return { appId, client }
}

function mountElement(tag, attributes) {
  const { appId, client } = registerClient()
  const element = document.createElement(tag)
  element.setAttribute('app-id', appId)
  element.setAttribute('address', walletAddress)
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value)
  document.body.append(element)
  return { element, client }
}

const part = (element, name) => element.shadowRoot?.querySelector(`[part~="${name}"]`)
const text = (element) => element.shadowRoot?.textContent ?? ''
/** The element's language wrapper: `lang` and `dir` over everything it renders. */
const languageRoot = (element) => part(element, 'title').closest('[lang]')
/** `template` with `{name}` filled from `values`, as the translator fills it. */
const fill = (template, values) => template.replace(/\{(\w+)\}/g, (_, name) => String(values[name]))

afterEach(() => {
  for (const element of document.querySelectorAll('confirm-tx, fund-wallet')) element.remove()
})

async function openConfirmation(attributes, setup = () => {}) {
  const { element } = mountElement('confirm-tx', attributes)
  setup(element)
  element.transaction = request
  await waitFor(() => part(element, 'approve-button'), 'the confirmation')
  return element
}

async function openReceive(attributes) {
  const { element, client } = mountElement('fund-wallet', attributes)
  ;(await waitFor(() => part(element, 'funding-receive-button'), 'the funding landing')).click()
  await waitFor(() => part(element, 'funding-qr-code'), 'the receive step')
  return { element, client }
}

describe('<confirm-tx> and <fund-wallet> in other languages (built bundle)', () => {
  it('<confirm-tx locale="es">: the confirmation in Spanish, with a host override of one key', async () => {
    const element = await openConfirmation({ locale: 'es' }, (el) => (el.messages = { 'tx.approve': 'Firmar ya' }))
    await waitFor(() => part(element, 'title')?.textContent === es['tx.title'], 'the Spanish title')
    assertEqual(part(element, 'approve-button').textContent, 'Firmar ya', "the host's override")
    for (const key of ['tx.row.network', 'tx.row.estimatedFee']) assert(text(element).includes(es[key]), `the Spanish row '${es[key]}' (${key})`)
    assert(!text(element).includes(en['tx.title']) && !text(element).includes(en['tx.row.estimatedFee']), 'no English left')
    assertEqual(languageRoot(element).getAttribute('lang'), 'es', 'lang')
  })

  it('<fund-wallet locale="fr">: the landing and the lazily loaded receive step in French, the balance in French digits', async () => {
    const { element: landing } = mountElement('fund-wallet', { locale: 'fr' })
    await waitFor(() => part(landing, 'funding-receive-button')?.textContent === fr['funding.receive'], 'the French method')
    assertEqual(part(landing, 'title').textContent, fill(fr['funding.landing.title'], { wallet: 'Fixture App' }), 'the French landing title')
    landing.remove()

    const { element, client } = await openReceive({ locale: 'fr' })
    assertEqual(part(element, 'title').textContent, fr['funding.receive'], 'the French header')
    assertEqual(part(element, 'funding-copy-address').textContent, fr['funding.receive.copy'], 'the copy button')
    // The app's recommended amount (screen-walk's fundingConfig: '0.05') with the French decimal comma.
    assertEqual(
      part(element, 'funding-receive-title').textContent,
      fill(fr['funding.receive.title'], { amount: '0,05', symbol: 'ETH' }),
      'the amount in French',
    )
    const [session] = client.funding.sessions()
    client.funding.update(session.id, { balance: { value: 1_250_000_000_000_000_000n, decimals: 18, symbol: 'ETH', usd: null } })
    await waitFor(() => /1,25/.test(part(element, 'funding-balance').textContent), 'the balance with a decimal comma')
    assert(!text(element).includes(en['funding.receive.copy']), 'no English left')
  })

  it('<fund-wallet locale="ar"> lays out right to left: dir and lang on its subtree, the back button on the right', async () => {
    const { element } = await openReceive({ locale: 'ar' })
    await waitFor(() => part(element, 'title').textContent === ar['funding.receive'], 'the Arabic header')
    assertEqual(languageRoot(element).getAttribute('dir'), 'rtl', 'dir')
    assertEqual(languageRoot(element).getAttribute('lang'), 'ar', 'lang')
    assert(languageRoot(element).contains(part(element, 'funding-qr-code')), 'the whole step under the wrapper')
    const header = part(element, 'header').getBoundingClientRect()
    const back = part(element, 'back-button').getBoundingClientRect()
    assert(
      back.left > header.left + header.width / 2,
      `back (start-aligned) on the right half (back ${back.left}..${back.right}, header ${header.left}..${header.right})`,
    )
  })

  it('a left-to-right panel keeps the back button on the left (the check above can fail)', async () => {
    const { element } = await openReceive({ locale: 'fr' })
    const header = part(element, 'header').getBoundingClientRect()
    const back = part(element, 'back-button').getBoundingClientRect()
    assert(back.right < header.left + header.width / 2, `back on the left half (back ${back.left}..${back.right})`)
  })

  it('changing the `locale` attribute while shown switches the language live', async () => {
    const { element } = await openReceive({ locale: 'fr' })
    assertEqual(part(element, 'title').textContent, fr['funding.receive'], 'French first')
    element.setAttribute('locale', 'es')
    await waitFor(() => part(element, 'title').textContent === es['funding.receive'], 'Spanish after the change')
    assertEqual(languageRoot(element).getAttribute('lang'), 'es', 'lang follows')
    assert(part(element, 'funding-qr-code'), 'still on the receive step')
    element.setAttribute('locale', 'ar')
    await waitFor(
      () => languageRoot(element).getAttribute('dir') === 'rtl' && part(element, 'title').textContent === ar['funding.receive'],
      'Arabic, right to left',
    )
    element.removeAttribute('locale')
    await waitFor(() => part(element, 'title').textContent === en['funding.receive'], 'English once the attribute goes')
    assertEqual(languageRoot(element).getAttribute('dir'), 'ltr', 'left to right again')
  })

  it('<confirm-tx>: a locale change while the confirmation is shown', async () => {
    const element = await openConfirmation({ locale: 'es' })
    await waitFor(() => part(element, 'title')?.textContent === es['tx.title'], 'Spanish first')
    element.setAttribute('locale', 'ar')
    await waitFor(() => part(element, 'title').textContent === ar['tx.title'], 'Arabic after the change')
    assertEqual(part(element, 'approve-button').textContent, ar['tx.approve'], 'the button too')
    assertEqual(languageRoot(element).getAttribute('dir'), 'rtl', 'dir')
  })
})
