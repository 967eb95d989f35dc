// Issue 15 (accessibility) on the built elements (dist/tessera.js) in Chromium: theme="auto" follows
// prefers-color-scheme live on <auth-modal>, <confirm-tx>, <fund-wallet> and the React components' theme prop; motion
// stops under prefers-reduced-motion; focus moves into a confirmation opened by a request while the page holds it,
// and back to the opener when the modal closes; axe over the three built elements in light and dark with an app accent.
import { emulateMedia } from '@web/test-runner-commands'
import { assert, assertAccessible, assertEqual, mountedHosts, waitFor } from './browser-assertions.js'
import { APP_ACCENT, builtStyles, fundingConfig } from './screen-walk.js'

const { createAccessClient, fixtureUser } = await import('/.test-data/browser-fixtures/access-screens.js')
const { attachConfirmations, ethereumSummary, mountConfirmTx } = await import('/.test-data/browser-fixtures/fake-confirmations.js')
const { mountView } = await import('/.test-data/browser-fixtures/auth-modal-view.js')
const { mountReactHost } = await import('/.test-data/browser-fixtures/react-wrapper.js')
await import('/dist/tessera.js')

const { newHost, track } = mountedHosts()
const UNREACHABLE_API = 'http://127.0.0.1:9'
const request = { to: `0x${'cd'.repeat(20)}`, value: '0x6f05b59d3b20000' }
let apps = 0

/** A client double registered for a fresh app id (the elements' getOrCreateClient finds it), with its confirmation queue. */
function registerClient(config = {}, user = fixtureUser()) {
  const appId = `a11y-test-app-${++apps}`
  const client = createAccessClient({ user, config, embeddedWallets: { wallets: [{ chainType: 'ethereum', recoveryMethod: 'privy' }] } })
  const queue = attachConfirmations(client.embeddedWallets)
  ;(globalThis[Symbol.for('tessera.client')] ??= new Map()).set(appId, client)
  return { appId, client, queue }
}

function mountElement(tag, attributes) {
  const element = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value)
  document.body.append(element)
  return element
}

/** A button on the host page that holds the focus, as the control that asked for the screen would. */
function pageOpener() {
  const opener = document.createElement('button')
  opener.textContent = 'Pay'
  document.body.append(opener)
  opener.focus()
  return opener
}

/** The element's background token, in rgb() (the built CSS may shorten hex values). */
function background(element) {
  const probe = document.createElement('span')
  probe.style.color = getComputedStyle(element).getPropertyValue('--tessera-background').trim()
  document.body.append(probe)
  const colour = getComputedStyle(probe).color
  probe.remove()
  return colour
}
const LIGHT = 'rgb(255, 255, 255)'
const DARK = 'rgb(27, 29, 34)'

afterEach(async () => {
  for (const element of document.querySelectorAll('auth-modal, confirm-tx, fund-wallet, body > button')) element.remove()
  await emulateMedia({ colorScheme: 'light', reducedMotion: 'no-preference' })
})

/** The element's background token under the light, then the dark, then the light preference again (no re-render between). */
async function assertFollowsColourScheme(element, name) {
  await waitFor(() => element.shadowRoot?.adoptedStyleSheets.length > 0, `${name}'s styles`)
  await emulateMedia({ colorScheme: 'light' })
  await waitFor(() => background(element) === LIGHT, `${name}: light under a light preference (got ${background(element)})`)
  await emulateMedia({ colorScheme: 'dark' })
  await waitFor(() => background(element) === DARK, `${name}: dark once the preference turns dark (got ${background(element)})`)
  await emulateMedia({ colorScheme: 'light' })
  await waitFor(() => background(element) === LIGHT, `${name}: light again (got ${background(element)})`)
}

describe("theme='auto' follows prefers-color-scheme, live", () => {
  it('<auth-modal theme="auto">', async () => {
    const element = mountElement('auth-modal', { 'app-id': 'tessera-dev-app-000000001', 'api-url': UNREACHABLE_API, theme: 'auto', open: '' })
    await assertFollowsColourScheme(element, '<auth-modal>')
  })

  it('<confirm-tx theme="auto"> and <fund-wallet theme="auto">', async () => {
    const { appId } = registerClient()
    await assertFollowsColourScheme(mountElement('confirm-tx', { 'app-id': appId, theme: 'auto' }), '<confirm-tx>')
    await assertFollowsColourScheme(mountElement('fund-wallet', { 'app-id': appId, theme: 'auto' }), '<fund-wallet>')
  })

  it("TesseraProvider's theme prop", async () => {
    const host = newHost()
    mountReactHost(host, { appId: 'tessera-dev-app-000000001', apiUrl: UNREACHABLE_API, theme: 'auto' })
    const element = await waitFor(() => host.querySelector('auth-modal'), "the provider's <auth-modal>")
    assertEqual(element.getAttribute('theme'), 'auto', 'the prop as the attribute')
    await assertFollowsColourScheme(element, '<TesseraProvider theme="auto">')
  })

  it("the React components' theme prop", async () => {
    const { appId } = registerClient()
    const host = newHost()
    track(mountConfirmTx(host, { appId, theme: 'auto' }), host)
    const element = await waitFor(() => host.querySelector('confirm-tx'), 'the <confirm-tx> React renders')
    await assertFollowsColourScheme(element, '<ConfirmTx theme="auto">')
  })

  it("an explicit theme ignores the preference: 'dark' under a light one, 'light' under a dark one", async () => {
    const dark = mountElement('auth-modal', { 'app-id': 'tessera-dev-app-000000001', 'api-url': UNREACHABLE_API, theme: 'dark' })
    const light = mountElement('auth-modal', { 'app-id': 'tessera-dev-app-000000001', 'api-url': UNREACHABLE_API, theme: 'light' })
    await waitFor(() => dark.shadowRoot?.adoptedStyleSheets.length > 0 && light.shadowRoot?.adoptedStyleSheets.length > 0, 'the styles')
    assertEqual(background(dark), DARK, 'dark under a light preference')
    await emulateMedia({ colorScheme: 'dark' })
    assertEqual(background(light), LIGHT, 'light under a dark preference')
  })
})

/** Every element in `shadow` that animates or transitions, with its computed durations. */
function moving(shadow) {
  return [...shadow.querySelectorAll('*')]
    .map((element) => ({ element, style: getComputedStyle(element) }))
    .filter(
      ({ style }) =>
        (style.animationName !== 'none' && style.animationDuration !== '0s') ||
        style.transitionDuration.split(',').some((duration) => duration.trim() !== '0s'),
    )
    .map(
      ({ element, style }) =>
        `${element.localName}[part=${element.getAttribute('part')}] animation ${style.animationName} ${style.animationDuration}, transition ${style.transitionDuration}`,
    )
}

describe('prefers-reduced-motion: reduce', () => {
  async function openConfirmation() {
    const client = createAccessClient({ user: fixtureUser(), embeddedWallets: { wallets: [{ chainType: 'ethereum', recoveryMethod: 'privy' }] } })
    const queue = attachConfirmations(client.embeddedWallets)
    const confirmation = queue.ethereumTransaction({ summary: ethereumSummary() })
    const host = newHost()
    const view = mountView(host, {
      client,
      onClose() {},
      onLoginSuccess() {},
      onAuthError() {},
      request: { intent: 'wallet', screen: 'transaction:confirm', automatic: true },
    })
    view.shadow.adoptedStyleSheets = [await builtStyles]
    track(view.root, host)
    await waitFor(() => view.shadow.querySelector('[part~="approve-button"]'), 'the confirmation')
    // Approved and waiting on the chain: the spinner shows.
    queue.update(confirmation.id, { status: 'submitting' })
    return view
  }

  it('without the preference the modal fades in (the check below can fail)', async () => {
    const view = await openConfirmation()
    assertEqual(getComputedStyle(view.shadow.querySelector('[part="overlay"]')).animationDuration, '0.12s', "the overlay's fade")
  })

  it('with it, nothing in the modal animates or transitions (the overlay and the spinner stand still)', async () => {
    await emulateMedia({ reducedMotion: 'reduce' })
    const view = await openConfirmation()
    assertEqual(moving(view.shadow), [], 'moving elements')
  })
})

describe('the built elements with axe, in light and dark and with an app accent', () => {
  async function assertPanelAccessible(element, name) {
    for (const theme of ['light', 'dark']) {
      element.setAttribute('theme', theme)
      await assertAccessible(element.shadowRoot, `${name} (${theme})`)
    }
  }

  it('<confirm-tx> with its confirmation', async () => {
    const { appId } = registerClient({ appearance: { accentColor: APP_ACCENT, theme: 'light' } })
    const element = mountElement('confirm-tx', { 'app-id': appId, address: `0x${'ab'.repeat(20)}` })
    element.transaction = request
    await waitFor(() => element.shadowRoot?.querySelector('[part~="approve-button"]'), 'the confirmation')
    await assertPanelAccessible(element, '<confirm-tx>')
  })

  it('<auth-modal> standalone, open on its sign-in landing', async () => {
    const { appId } = registerClient(
      { loginMethods: ['email', 'sms', 'google', 'passkey', 'wallet'], appearance: { accentColor: APP_ACCENT, theme: 'light' } },
      null,
    )
    const element = mountElement('auth-modal', { 'app-id': appId, open: '' })
    await waitFor(() => element.shadowRoot?.querySelector('[part~="email-input"]'), 'the sign-in landing')
    await assertPanelAccessible(element, '<auth-modal>')
  })

  it('<fund-wallet> on its landing', async () => {
    const { appId } = registerClient({ fundingConfig, appearance: { accentColor: APP_ACCENT, theme: 'light' } })
    const element = mountElement('fund-wallet', { 'app-id': appId, address: `0x${'ab'.repeat(20)}` })
    await waitFor(() => element.shadowRoot?.querySelector('[part~="funding-card-button"]'), 'the funding landing')
    await assertPanelAccessible(element, '<fund-wallet>')
  })
})

describe('focus moves into a screen that opens', () => {
  it('<confirm-tx>: setting `transaction` while a page button holds the focus moves it into the confirmation', async () => {
    const { appId } = registerClient()
    const opener = pageOpener()
    const element = mountElement('confirm-tx', { 'app-id': appId, address: `0x${'ab'.repeat(20)}` })
    element.transaction = request
    const panel = await waitFor(
      () => element.shadowRoot?.querySelector('[part~="panel"] [part~="title"]') && element.shadowRoot.querySelector('[part~="panel"]'),
      'the confirmation',
    )
    await waitFor(
      () => element.shadowRoot.activeElement && panel.contains(element.shadowRoot.activeElement),
      `the focus in the confirmation (on ${document.activeElement?.localName})`,
    )
    assert(document.activeElement !== opener, 'the page button gave the focus up')
  })

  it('<auth-modal>: a confirmation the app requests while the page holds the focus takes it; closing gives it back to the opener', async () => {
    const client = createAccessClient({ user: fixtureUser(), embeddedWallets: { wallets: [{ chainType: 'ethereum', recoveryMethod: 'privy' }] } })
    const queue = attachConfirmations(client.embeddedWallets)
    queue.ethereumTransaction({ summary: ethereumSummary() })
    const opener = pageOpener()
    const host = newHost()
    const view = mountView(host, {
      client,
      onClose() {},
      onLoginSuccess() {},
      onAuthError() {},
      request: { intent: 'wallet', screen: 'transaction:confirm', automatic: true },
    })
    track(view.root, host)
    const dialog = await waitFor(
      () => view.shadow.querySelector('[part~="approve-button"]') && view.shadow.querySelector('[part="dialog"]'),
      'the confirmation',
    )
    await waitFor(
      () => view.shadow.activeElement && dialog.contains(view.shadow.activeElement),
      `the focus in the dialog (on ${document.activeElement?.localName})`,
    )
    view.update({ open: false })
    await waitFor(() => document.activeElement === opener, 'the focus back on the opener')
  })

  it('<auth-modal>: a status screen without controls focuses its heading', async () => {
    const client = createAccessClient({ user: fixtureUser(), passkey: { run: () => new Promise(() => {}) }, config: { loginMethods: ['email', 'passkey'] } })
    pageOpener()
    const host = newHost()
    const view = mountView(host, {
      client,
      onClose() {},
      onLoginSuccess() {},
      onAuthError() {},
      request: { intent: 'wallet', screen: 'wallet:creating', automatic: true },
    })
    track(view.root, host)
    const heading = await waitFor(
      () => view.shadow.querySelector('h2')?.textContent === 'Creating your wallet' && view.shadow.querySelector('h2'),
      "'Creating your wallet'",
    )
    await waitFor(
      () => view.shadow.activeElement === heading,
      `the focus on the heading (on ${view.shadow.activeElement?.localName ?? document.activeElement?.localName})`,
    )
    assertEqual(heading.tabIndex, -1, 'focusable by script only, never a Tab stop')
  })
})
