// <confirm-tx> from the built script-tag bundle (dist/tessera.js) in Chromium: defined through its lazily loaded
// module, it starts the request inline when `transaction` is set, shows the confirmation in its panel (no modal), and
// reports `txconfirmed`, `txrejected` and `txfailed`. The page's client registry holds a client double whose queue
// builds confirmations from the core's types (elements/test-fixtures/fake-confirmations.ts).
import { assert, assertEqual, waitFor } from '../auth-modal/browser-assertions.js'

const { createAccessClient, TesseraError } = await import('/.test-data/browser-fixtures/access-screens.js')
const { attachConfirmations, mountConfirmTx } = await import('/.test-data/browser-fixtures/fake-confirmations.js')
const bundle = await import('/dist/tessera.js')

let apps = 0

/** A client double registered for a fresh app id (the element's getOrCreateClient finds it), with its queue. */
function registerClient() {
  const appId = `confirm-tx-test-app-${++apps}`
  const client = createAccessClient({
    embeddedWallets: {
      wallets: [
        { chainType: 'ethereum', recoveryMethod: 'privy' },
        { chainType: 'solana', recoveryMethod: 'privy' },
      ],
    },
  })
  const queue = attachConfirmations(client.embeddedWallets)
  ;(globalThis[Symbol.for('tessera.client')] ??= new Map()).set(appId, client)
  return { appId, client, queue }
}

/** Mounts `<confirm-tx>` with `attributes`, recording its events as they reach the document (bubbles, composed). */
function mount(appId, attributes = {}) {
  const element = document.createElement('confirm-tx')
  element.setAttribute('app-id', appId)
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value)
  const events = []
  for (const type of ['txconfirmed', 'txrejected', 'txfailed']) {
    const listener = (event) => event.target === element && events.push({ type, detail: event.detail, composed: event.composed })
    document.addEventListener(type, listener)
    afterEachCleanups.push(() => document.removeEventListener(type, listener))
  }
  document.body.append(element)
  const part = (name) => element.shadowRoot?.querySelector(`[part~="${name}"]`)
  return { element, events, part }
}

const afterEachCleanups = []
afterEach(() => {
  for (const cleanup of afterEachCleanups.splice(0)) cleanup()
  for (const element of document.querySelectorAll('confirm-tx')) element.remove()
})

const request = { to: `0x${'cd'.repeat(20)}`, value: '0x6f05b59d3b20000' }

describe('<confirm-tx> (built bundle)', () => {
  it('is defined by the script-tag bundle through its lazy module; defineConfirmTx() resolves and is harmless', async () => {
    await bundle.defineConfirmTx()
    const defined = customElements.get('confirm-tx')
    assert(defined, 'confirm-tx is defined')
    await bundle.defineConfirmTx()
    assertEqual(customElements.get('confirm-tx'), defined, 'the first definition stays')
  })

  it('sends inline with the address and uiOptions, renders the panel standalone, and reports txconfirmed with the hash', async () => {
    const { appId, queue } = registerClient()
    const { element, events, part } = mount(appId, { address: `0x${'ab'.repeat(20)}`, theme: 'dark' })
    element.uiOptions = { title: 'Pay Acme' }
    element.transaction = request
    await waitFor(() => part('title')?.textContent === 'Pay Acme', 'the confirmation in the panel')
    const [sent] = queue.inlineRequests
    assertEqual(sent.method, 'sendTransaction', 'sendTransaction')
    assertEqual(sent.input, { transaction: request, address: `0x${'ab'.repeat(20)}`, uiOptions: { title: 'Pay Acme' } }, 'the input')
    assertEqual(sent.options.inline, true, 'inline')
    assert(/^confirm-tx-/.test(sent.options.id), 'a generated id')
    assertEqual(queue.queue()[0].id, sent.options.id, 'the queued confirmation carries it')
    assert(part('panel') && !part('overlay') && !part('close-button'), 'an inline panel: no overlay, no close button')
    assertEqual(part('panel').getAttribute('role'), 'region', 'a labelled region')
    assertEqual(part('pending-summary').open, true, 'the summary panel is open standalone')
    assertEqual(getComputedStyle(part('panel')).backgroundColor, 'rgb(27, 29, 34)', "themed by the 'theme' attribute (dark)")
    part('approve-button').click()
    await waitFor(() => events.length === 1, 'an event')
    assertEqual(events[0], { type: 'txconfirmed', detail: { hash: `0x${'12'.repeat(32)}` }, composed: true }, 'txconfirmed with the hash')
    await waitFor(() => part('done-button')?.textContent === 'All Done', 'the receipt')
  })

  it("'Not now' reports txrejected ('Transaction was rejected by the user', over the 4001)", async () => {
    const { appId } = registerClient()
    const { element, events, part } = mount(appId)
    element.uiOptions = { isCancellable: true }
    element.transaction = request
    const reject = await waitFor(() => part('reject-button'), "'Not now'")
    reject.click()
    await waitFor(() => events.length === 1, 'an event')
    assertEqual(events[0].type, 'txrejected', 'txrejected')
    assertEqual(events[0].detail, { code: 'transaction_failure', message: 'Transaction was rejected by the user' }, 'its detail')
  })

  it('sign-only signs, reports the signature; an error screen reports txfailed once', async () => {
    const { appId, queue } = registerClient()
    const { element, events, part } = mount(appId, { 'sign-only': '' })
    assertEqual(element.signOnly, true, 'the boolean attribute')
    element.transaction = request
    await waitFor(() => part('approve-button'), 'the confirmation')
    assertEqual(queue.inlineRequests[0].method, 'signTransaction', 'signTransaction')
    const [{ id }] = queue.queue()
    const error = new TesseraError({ code: 'transaction_failure', shortMessage: 'Nonce too low' })
    queue.update(id, { status: 'error', error })
    await waitFor(() => events.length === 1, 'txfailed')
    assertEqual(events[0], { type: 'txfailed', detail: { code: 'transaction_failure', message: 'Nonce too low' }, composed: true }, 'the failure')
    assertEqual(part('retry-button').textContent, 'Retry transaction', 'the error view')
    part('retry-button').click()
    queue.update(id, { status: 'ready' })
    await waitFor(() => part('approve-button') && !part('approve-button').disabled, 'ready again')
    part('approve-button').click()
    await waitFor(() => events.length === 2, 'txconfirmed')
    assertEqual(events[1], { type: 'txconfirmed', detail: { signature: `0x${'12'.repeat(32)}` }, composed: true }, 'the signature')
  })

  it("chain-type='solana' goes through the Solana provider with the confirmation options", async () => {
    const { appId, queue } = registerClient()
    const { element, events, part } = mount(appId, { 'chain-type': 'solana' })
    const transaction = { serialize: () => new Uint8Array([1, 2, 3]) }
    element.transaction = transaction
    await waitFor(() => part('row-network')?.textContent === 'Solana Devnet', 'the Solana rows')
    const [sent] = queue.inlineRequests
    assertEqual(sent.method, 'solana.signAndSendTransaction', 'signAndSendTransaction')
    assert(sent.input === transaction && sent.options.inline === true, 'the transaction, inline')
    assertEqual(part('description').textContent, 'Fixture App wants your permission to approve the following transaction.', 'the subtitle')
    part('approve-button').click()
    await waitFor(() => events.length === 1, 'txconfirmed')
    assertEqual(events[0].detail, { signature: queue.settled.get(sent.options.id).value.signature }, 'the signature')
  })

  it('leaving the page rejects its pending confirmation, which was queued inline', async () => {
    const { appId, queue } = registerClient()
    const { element, part } = mount(appId)
    element.transaction = request
    await waitFor(() => part('approve-button'), 'the confirmation')
    assertEqual(queue.queue()[0].inline, true, 'queued inline')
    element.remove()
    await waitFor(() => queue.queue().length === 0, 'rejected and taken off the queue')
    assertEqual([...queue.settled.values()][0].error.code, 4001, 'the caller got 4001')
  })

  it('the React wrapper sets the attributes and objects and calls back on the events', async () => {
    const { appId, queue } = registerClient()
    const host = document.createElement('div')
    document.body.append(host)
    const confirmed = []
    const root = mountConfirmTx(host, {
      appId,
      address: `0x${'ab'.repeat(20)}`,
      signOnly: true,
      theme: 'dark',
      uiOptions: { title: 'From React' },
      transaction: request,
      onConfirmed: (detail) => confirmed.push(detail),
    })
    try {
      const element = await waitFor(() => host.querySelector('confirm-tx'), 'the element')
      await waitFor(() => element.shadowRoot?.querySelector('[part~="title"]')?.textContent === 'From React', 'the confirmation')
      assertEqual(
        ['app-id', 'address', 'theme'].map((name) => element.getAttribute(name)),
        [appId, `0x${'ab'.repeat(20)}`, 'dark'],
        'the attributes',
      )
      assertEqual(element.signOnly, true, 'sign-only')
      assertEqual(queue.inlineRequests[0].method, 'signTransaction', 'sign only')
      element.shadowRoot.querySelector('[part~="approve-button"]').click()
      await waitFor(() => confirmed.length === 1, 'onConfirmed')
      assertEqual(confirmed[0], { signature: `0x${'12'.repeat(32)}` }, 'the detail')
    } finally {
      root.unmount()
      host.remove()
    }
  })
})
