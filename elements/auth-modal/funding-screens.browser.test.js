// The funding screens in Chromium (funding spec, "Screens and routes": "Funding landing", "Receive funds", "Transfer from wallet", "Confirm
// or edit amount", "External-wallet funding screens", "Provider status screens"; "States and transitions"; "The error catalogue"; "Business constants and limits"): the modal view opened on
// 'funding:flow' over a client double whose `funding` holds sessions built from the core's contract
// (elements/test-fixtures/fake-funding.ts), with the built styles adopted so axe checks what users see; 'Add funds'
// from Ethereum and Solana confirmations; the funding prompt after wallet creation.
import { sendKeys } from '@web/test-runner-commands'
import { assert, assertAccessible, assertEqual, assertInlineQr, mountedHosts, waitFor } from './browser-assertions.js'

const { createAccessClient, mountAccessView, fixtureUser, TesseraError } = await import('/.test-data/browser-fixtures/access-screens.js')
const { attachConfirmations, ethereumSummary, eth, sol, solanaSummary } = await import('/.test-data/browser-fixtures/fake-confirmations.js')
const { baseSepolia, ethAmount, fundingAddress, fundingSolanaAddress, mountTransactionView, payingAddress, qrModules, walletEntry } = await import(
  '/.test-data/browser-fixtures/fake-funding.js'
)

const { newHost, track } = mountedHosts()

// The elements' styles as the bundle adopts them: axe then judges real colours and layout.
const styles = fetch('/.test-data/browser-fixtures/tessera.css')
  .then((response) => response.text())
  .then((text) => {
    const sheet = new CSSStyleSheet()
    sheet.replaceSync(text)
    return sheet
  })

// The browser's wallets, as the test says: the landing asks WebKit's ApplePaySession and the browser's brands (Google
// Pay's Payment Request method is Chromium's). A Payment Request for a URL method would fetch its manifest from
// apple.com or google.com, which a strict connect-src refuses: the landing never builds one (counted here).
const payable = new Set()
const paymentRequests = []
window.ApplePaySession = { canMakePayments: () => payable.has('apple') }
window.PaymentRequest = class {
  constructor(methods) {
    paymentRequests.push(methods)
  }
}
const chromium = navigator.userAgentData
Object.defineProperty(navigator, 'userAgentData', {
  configurable: true,
  get: () => (payable.has('google') ? chromium : { brands: [], mobile: false, platform: '' }),
})
afterEach(() => {
  payable.clear()
  assertEqual(paymentRequests.splice(0), [], 'no Payment Request (a manifest fetch) from the funding screens')
})

const fundingConfig = {
  default_recommended_currency: { chain: 'eip155:84532', asset: 'native-currency' },
  default_recommended_amount: '0.05',
  methods: ['coinbase-onramp', 'moonpay', 'external'],
  options: [
    { method: 'card', provider: 'coinbase' },
    { method: 'card', provider: 'moonpay' },
    { method: 'exchange', provider: 'coinbase' },
    { method: 'wallets', provider: 'external' },
  ],
  prompt_funding_on_wallet_creation: false,
  cross_chain_bridging_enabled: true,
}

/** Lookups into what a view renders, and the client's funding calls. */
function lookups(client, shadow) {
  const part = (name) => shadow.querySelector(`[part~="${name}"]`)
  const parts = (name) => [...shadow.querySelectorAll(`[part~="${name}"]`)]
  return {
    part,
    parts,
    text: (name) => part(name)?.textContent,
    title: () => part('title')?.textContent,
    calls: (action) => client.funding.calls.filter((call) => call.action === action),
  }
}

/** Renders the modal view over `client` on `screen`, with the built styles; `events` records what it reports. */
async function mountModal(client, screen) {
  const events = { closed: 0, success: [] }
  const host = newHost()
  const { root, shadow } = mountAccessView(host, {
    client,
    onClose: () => events.closed++,
    onLoginSuccess: (detail) => events.success.push(detail),
    onAuthError: () => {},
    ...(screen ? { request: { intent: 'wallet', screen, automatic: true } } : {}),
  })
  shadow.adoptedStyleSheets = [await styles]
  track(root, host)
  return { events, shadow, ...lookups(client, shadow) }
}

/** A session (`data` over the fixture's defaults) in a signed-in client's funding, and the modal open on 'funding:flow'. */
async function open(data = {}, funding = {}) {
  const client = createAccessClient({ user: fixtureUser(), config: { fundingConfig }, funding })
  const session = client.funding.open(data)
  const view = await mountModal(client, 'funding:flow')
  return { ...view, client, session, update: (patch) => client.funding.update(session.id, patch), current: () => client.funding.get(session.id) }
}

const methodTexts = (view) => view.parts('funding-method').map((button) => button.textContent)

describe('Funding landing', () => {
  it('shows the title and the four methods; card and exchange call their actions inside the click', async () => {
    const view = await open()
    await waitFor(() => view.title() === 'Add funds to your Fixture App wallet', 'the landing title')
    assertEqual(methodTexts(view), ['Pay with card', 'Transfer from an exchange', 'Transfer from wallet', 'Receive funds'], 'the methods, in order')
    assert(!view.part('funding-pay-mark'), 'no pay mark where the browser cannot pay with one')
    assert(!view.part('funding-error') && !view.part('funding-alternate-provider'), 'no banner and no hint')
    assert(!view.part('back-button'), "no back on the modal's own session")
    assertEqual(view.text('close-button'), '×', 'the close button')
    await assertAccessible(view.shadow, 'the landing')
    view.part('funding-card-button').click()
    // Recorded synchronously: the popup the core opens is still inside the user's click.
    assertEqual(view.calls('payWithCard'), [{ id: view.session.id, action: 'payWithCard' }], 'payWithCard() with the preferred provider')
    await waitFor(() => view.title() === 'Fund account', 'the card status screen')
    view.part('back-button').click()
    await waitFor(() => view.part('funding-exchange-button'), 'back on the landing')
    view.part('funding-exchange-button').click()
    assertEqual(view.calls('transferFromExchange').length, 1, 'transferFromExchange() in the click')
  })

  it('offers only what the session offers, receive always; the app may set the title', async () => {
    const view = await open({ options: { card: [], exchange: false, wallet: false }, uiConfig: { landing: { title: 'Top up your wallet' } } })
    await waitFor(() => view.title() === 'Top up your wallet', 'the configured title')
    assertEqual(methodTexts(view), ['Receive funds'], 'receive alone')
    view.update({ options: { card: ['moonpay'], exchange: false, wallet: true } })
    await waitFor(() => methodTexts(view).length === 3, 'the new options')
    assertEqual(methodTexts(view), ['Pay with card', 'Transfer from wallet', 'Receive funds'], 'card, wallet, receive')
  })

  it('marks card with Apple Pay or Google Pay where the browser can pay with it (Apple Pay first)', async () => {
    payable.add('google')
    const google = await open()
    const mark = await waitFor(() => google.part('funding-pay-mark'), 'the Google Pay mark')
    assertEqual(mark.textContent, 'Google Pay', 'Google Pay')
    assertEqual(mark.closest('button'), google.part('funding-card-button'), 'inside the card row')
    payable.add('apple')
    const apple = await open()
    await waitFor(() => apple.text('funding-pay-mark') === 'Apple Pay', 'the Apple Pay mark')
  })

  it('shows the error banner and the alternate-provider hint, which pays with the other provider', async () => {
    const message = 'Something went wrong adding funds from MoonPay. Please try again or use another method to fund your wallet.'
    const view = await open({ errorMessage: message, showAlternateProvider: true, card: { provider: 'moonpay', status: 'failed' } })
    const banner = await waitFor(() => view.part('funding-error'), 'the banner')
    assertEqual([banner.textContent, banner.getAttribute('role')], [message, 'alert'], 'the message, announced')
    assertEqual(view.text('funding-alternate-provider'), 'Having trouble or facing location restrictions? Try a different provider.', 'the hint')
    await assertAccessible(view.shadow, 'the landing with its banner and hint')
    view.part('funding-alternate-provider-button').click()
    assertEqual(
      view.calls('payWithCard').map((call) => call.value),
      ['coinbase'],
      'the provider not tried',
    )

    const after = await open({ showAlternateProvider: true, card: { provider: 'coinbase', experience: 'buy', status: 'error' } })
    ;(await waitFor(() => after.part('funding-alternate-provider-button'), 'the hint')).click()
    assertEqual(
      after.calls('payWithCard').map((call) => call.value),
      ['moonpay'],
      'the second provider after the first',
    )

    const single = await open({ showAlternateProvider: true, options: { card: ['coinbase'], exchange: true, wallet: true } })
    await waitFor(() => single.part('funding-card-button'), 'the landing')
    assert(!single.part('funding-alternate-provider'), 'no hint without a second provider')
  })

  it('disables every row while the ERC-20 details load', async () => {
    const view = await open({ asset: null })
    await waitFor(() => view.parts('funding-method').length === 4, 'the rows')
    assert(
      view.parts('funding-method').every((button) => button.disabled),
      'all disabled',
    )
    view.update({ asset: { kind: 'erc20', symbol: 'DAI', decimals: 18, address: `0x${'22'.repeat(20)}` } })
    await waitFor(() => view.parts('funding-method').every((button) => !button.disabled), 'enabled once loaded')
  })

  it('is keyboard-usable: the first row has the focus, Tab moves to the next, Enter chooses it', async () => {
    const view = await open()
    const card = await waitFor(() => view.part('funding-card-button'), 'the landing')
    await waitFor(() => view.shadow.activeElement === card, 'the first method focused')
    await sendKeys({ press: 'Tab' })
    assertEqual(view.shadow.activeElement, view.part('funding-exchange-button'), 'Tab to the exchange row')
    await sendKeys({ press: 'Tab' })
    await sendKeys({ press: 'Enter' })
    assertEqual(view.calls('transferFromWallet').length, 1, 'Enter chose Transfer from wallet')
    await waitFor(() => view.title() === 'Transfer from wallet', 'its screen')
    await waitFor(() => view.shadow.activeElement === view.parts('funding-wallet-row')[0], "the new screen's first row focused")
  })

  it('closing the modal ends the open session as the user leaving', async () => {
    const view = await open()
    ;(await waitFor(() => view.part('close-button'), 'the close button')).click()
    await waitFor(() => view.client.funding.outcomes.get(view.session.id), 'the session ended')
    assertEqual(view.client.funding.outcomes.get(view.session.id).status, 'exited', 'exited')
    assertEqual(view.events.closed, 1, 'closed')
  })
})

describe('Receive funds', () => {
  it('shows the title, subtitle, QR code, network warning and wallet card; Continue once the balance rose', async () => {
    const view = await open({ step: 'receive', amount: '0.05' })
    await waitFor(() => view.text('funding-receive-title') === 'Receive 0.05 ETH', 'the title')
    assertEqual(view.title(), 'Receive funds', 'the header')
    assertEqual(view.text('funding-receive-subtitle'), 'Scan this code or copy your wallet address to receive funds on Base Sepolia.', 'the subtitle')
    assertEqual(view.text('funding-network-warning'), 'Make sure to send funds on Base Sepolia.', 'the warning')
    const qr = await waitFor(() => view.part('funding-qr-code'), 'the QR code')
    // An EIP-681 URI with the chain id.
    assertInlineQr(qr, {
      label: 'QR code of your wallet address on Base Sepolia',
      size: 180,
      modules: qrModules(`ethereum:${fundingAddress}@${baseSepolia.id}`, 'M'),
    })
    assertEqual(view.text('funding-address'), fundingAddress, 'the address')
    assertEqual(view.text('funding-balance'), 'Checking balance…', 'before the first reading')
    assert(!view.part('funding-continue'), 'no Continue before the balance rises')
    await assertAccessible(view.shadow, 'receive')

    view.update({ balance: ethAmount(12_345_678_900_000_000n) })
    await waitFor(() => view.text('funding-balance') === '0.012 ETH', 'the balance, native with 3 decimals')
    view.update({ balance: ethAmount(62_345_678_900_000_000n), balanceRose: true })
    const continueButton = await waitFor(() => view.part('funding-continue'), 'Continue after the rise')
    assertEqual(view.text('funding-balance'), '0.062 ETH', 'the new balance')
    continueButton.click()
    assertEqual(view.calls('finish').length, 1, 'finish()')
    await waitFor(() => view.events.closed === 1, 'the modal closes with the session')
    assertEqual(view.client.funding.outcomes.get(view.session.id).status, 'funded', 'funded')
  })

  it('copies the address', async () => {
    const copied = []
    Object.defineProperty(navigator.clipboard, 'writeText', { configurable: true, value: async (text) => void copied.push(text) })
    try {
      const view = await open({ step: 'receive' })
      const button = await waitFor(() => view.part('funding-copy-address'), 'the copy button')
      assertEqual(button.textContent, 'Copy address', 'its label')
      button.click()
      await waitFor(() => view.text('funding-copy-address') === 'Copied', 'Copied')
      assertEqual(copied, [fundingAddress], 'the address copied')
    } finally {
      delete navigator.clipboard.writeText
    }
  })

  it('Solana USDC: the QR code names the mint; the network is the cluster', async () => {
    const mint = '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU'
    const view = await open({
      step: 'receive',
      address: fundingSolanaAddress,
      chainType: 'solana',
      chain: null,
      cluster: { name: 'devnet', rpcUrl: 'http://127.0.0.1:9' },
      asset: { kind: 'usdc', symbol: 'USDC', decimals: 6, address: mint },
      amount: '10',
    })
    await waitFor(() => view.text('funding-receive-title') === 'Receive 10 USDC', 'the title')
    assertEqual(view.text('funding-network-warning'), 'Make sure to send funds on Solana Devnet.', 'the cluster')
    const qr = await waitFor(() => view.part('funding-qr-code'), 'the QR code')
    // A Solana Pay URI with spl-token.
    assertInlineQr(qr, {
      label: 'QR code of your wallet address on Solana Devnet',
      size: 180,
      modules: qrModules(`solana:${fundingSolanaAddress}?spl-token=${mint}`, 'M'),
    })
    view.update({ balance: { value: 2_500_000n, decimals: 6, symbol: 'USDC', usd: 2.5 } })
    await waitFor(() => view.text('funding-balance') === '2.5 USDC ($2.50)', 'a token balance by its decimals')
    await assertAccessible(view.shadow, 'Solana receive')
  })

  it('the app may override the title and subtitle, and hide each with an empty string', async () => {
    const view = await open({ step: 'receive', uiConfig: { receiveFundsTitle: 'Top up', receiveFundsSubtitle: '' } })
    await waitFor(() => view.text('funding-receive-title') === 'Top up', 'the title override')
    assert(!view.part('funding-receive-subtitle'), 'the subtitle hidden')
    view.update({ uiConfig: { receiveFundsTitle: '', receiveFundsSubtitle: 'Send here.' } })
    await waitFor(() => view.text('funding-receive-subtitle') === 'Send here.', 'the subtitle override')
    assert(!view.part('funding-receive-title'), 'the title hidden')
    assertEqual(view.title(), 'Receive funds', 'the dialog keeps its name')
    await assertAccessible(view.shadow, 'receive without a title')
  })
})

describe('Transfer from wallet', () => {
  const five = [
    walletEntry('MetaMask', { id: `connected:${payingAddress}`, connected: true, address: payingAddress }),
    walletEntry('Rabby'),
    walletEntry('Phantom', { chain: 'solana' }),
    walletEntry('Coinbase Wallet'),
    walletEntry('Backpack', { chain: 'solana', connected: true, address: 'Backpack1111111111111111111111111111111111' }),
  ]
  const rowNames = (view) => view.parts('funding-wallet-row').map((row) => row.querySelector('span').textContent)

  it("more than 4 entries show the first 3 and 'More wallets', which opens them all", async () => {
    const view = await open({ step: 'wallets', wallets: five })
    await waitFor(() => view.title() === 'Transfer from wallet', 'the title')
    assertEqual(
      view.part('funding-wallets').querySelector('p').textContent,
      'Connect a wallet to deposit funds or send funds manually to your wallet address.',
      'the text',
    )
    assertEqual(rowNames(view), ['MetaMask', 'Rabby', 'Phantom'], 'the first 3')
    assertEqual(view.text('funding-more-wallets'), 'More wallets', "'More wallets'")
    assertEqual(view.parts('funding-wallet-row')[0].querySelector('[part~="funding-badge-connected"]').textContent, 'Connected', 'the Connected badge')
    assertEqual(view.parts('funding-wallet-row')[2].querySelector('[part~="funding-badge-solana"]').textContent, 'Solana', 'the Solana badge')
    assert(!view.parts('funding-wallet-row')[1].querySelector('[part*="funding-badge"]'), 'no badge on a connectable Ethereum wallet')
    await assertAccessible(view.shadow, 'transfer from wallet')
    view.part('funding-more-wallets').click()
    await waitFor(() => view.title() === 'More wallets', 'the whole list')
    assertEqual(rowNames(view), ['MetaMask', 'Rabby', 'Phantom', 'Coinbase Wallet', 'Backpack'], 'all 5')
    assertEqual(view.shadow.activeElement, view.parts('funding-wallet-row')[0], 'the focus on its first row')
    await assertAccessible(view.shadow, 'more wallets')
    view.part('back-button').click()
    await waitFor(() => view.title() === 'Transfer from wallet', 'back to the short list')
    assertEqual(view.calls('back').length, 0, 'the list view is local: the session stays on its step')
    view.parts('funding-wallet-row')[1].click()
    assertEqual(view.calls('chooseWallet'), [{ id: view.session.id, action: 'chooseWallet', value: 'rabby' }], 'chooseWallet(id) in the click')
    await waitFor(() => view.title() === 'Confirm or edit amount', 'the amount step')
  })

  it('4 entries are all shown', async () => {
    const view = await open({ step: 'wallets', wallets: five.slice(0, 4) })
    await waitFor(() => view.parts('funding-wallet-row').length === 4, 'the rows')
    assert(!view.part('funding-more-wallets'), "no 'More wallets'")
    view.part('back-button').click()
    await waitFor(() => view.part('funding-landing'), 'back to the landing')
  })
})

describe('Confirm or edit amount, and the transfer', () => {
  it('takes digits and one point, shows the symbol and USD, and continues only above 0', async () => {
    const view = await open({ step: 'amount' })
    const input = await waitFor(() => view.part('funding-amount-input'), 'the amount input')
    assertEqual(view.title(), 'Confirm or edit amount', 'the title')
    assertEqual(
      [input.value, input.inputMode, view.text('funding-symbol'), view.text('funding-usd')],
      ['0.05', 'decimal', 'ETH', '150.00 USD'],
      'the amount, keypad, symbol and USD',
    )
    assertEqual(view.part('funding-continue').disabled, false, 'Continue enabled')
    await assertAccessible(view.shadow, 'the amount')
    input.focus()
    input.select()
    await sendKeys({ type: 'a' })
    assertEqual(input.value, '0.05', 'a letter is not taken')
    input.select()
    await sendKeys({ type: '0' })
    await waitFor(() => view.part('funding-continue').disabled, 'Continue disabled at 0')
    assertEqual([input.value, input.getAttribute('aria-invalid'), view.text('funding-usd')], ['0', 'true', '0.00 USD'], 'zero is not a valid amount')
    await sendKeys({ type: '.2.5' })
    assertEqual(input.value, '0.25', 'one point only')
    await waitFor(() => !view.part('funding-continue').disabled, 'Continue enabled above 0')
    assertEqual(view.text('funding-usd'), '750.00 USD', 'the USD equivalent')
    await sendKeys({ press: 'Enter' })
    assertEqual(view.calls('continueWithAmount').length, 1, 'Enter continues')

    await waitFor(() => view.title() === 'Confirm transfer', 'the wallet-details confirmation')
    assertEqual(view.text('funding-from'), 'MetaMask 0xcdc…cdcd', 'From')
    assertEqual(view.text('funding-total'), '0.25 ETH', 'Total')
    assertEqual(view.text('funding-to'), '0xaba…abab', 'To')
    assertEqual(view.text('funding-network'), 'Base Sepolia', 'Network')
    await assertAccessible(view.shadow, 'the transfer confirmation')
    view.part('funding-confirm').click()
    assertEqual(view.calls('confirmTransfer').length, 1, "'Confirm with MetaMask' confirms")
    await waitFor(() => view.text('progress') === 'Approve the transfer in MetaMask…', 'submitting')
    assert(!view.part('back-button'), 'no back once sent')
    await assertAccessible(view.shadow, 'submitting')
  })

  it("shows bridging, then 'Success!' with the amount and app; Continue finishes", async () => {
    const from = { address: payingAddress, name: 'MetaMask', chain: 'ethereum', chainId: 11155111 }
    const transfer = { status: 'bridging', from, bridged: true, summary: null, hash: '0x12', error: null, refundUrl: null }
    const view = await open({ step: 'transfer', amount: '0.05', transfer })
    await waitFor(() => view.title() === 'Bridging funds', 'bridging')
    assertEqual(view.text('progress'), 'Moving your funds to Base Sepolia. This may take a minute.', 'the bridging line')
    await assertAccessible(view.shadow, 'bridging')
    view.update({ transfer: { ...transfer, status: 'success' } })
    await waitFor(() => view.title() === 'Success!', 'Success!')
    assertEqual(
      view.text('funding-success'),
      "You've successfully added 0.05 ETH to your Fixture App wallet. It may take a minute before the funds are available to use.",
      'the success text',
    )
    await assertAccessible(view.shadow, 'success')
    view.part('funding-continue').click()
    await waitFor(() => view.events.closed === 1, 'closed with the session')
  })

  it("a bridging failure is 'Transaction failed' with the refund-status link and notice; Try again retries", async () => {
    const from = { address: payingAddress, name: 'MetaMask', chain: 'ethereum', chainId: 11155111 }
    const error = new TesseraError({ code: 'transaction_failure', shortMessage: 'The bridge could not fill the request.' })
    const refundUrl = 'https://relay.link/transaction/0xabc'
    const view = await open({ step: 'transfer', transfer: { status: 'error', from, bridged: true, summary: null, hash: '0x12', error, refundUrl } })
    await waitFor(() => view.title() === 'Transaction failed', 'Transaction failed')
    assertEqual(view.text('funding-error-message'), 'The bridge could not fill the request. Check the refund status.', 'the message and the link line')
    const link = view.part('funding-refund-link')
    assertEqual([link.textContent, link.getAttribute('href'), link.target], ['refund status', refundUrl, '_blank'], 'the refund-status link')
    assertEqual(
      view.text('funding-refund-notice'),
      'We were unable to complete the bridging transaction. Funds will be refunded on your wallet.',
      'the refund notice',
    )
    await assertAccessible(view.shadow, 'the bridging failure')
    assertEqual(view.text('funding-retry'), 'Try again', 'Try again')
    view.part('funding-retry').click()
    assertEqual(view.calls('retry').length, 1, 'retry()')
    await waitFor(() => view.text('progress') === 'Preparing your transfer…', 'preparing again')
  })

  it('a rejected request shows its message; INSUFFICIENT_BALANCE leads back to Transfer from wallet', async () => {
    const from = { address: payingAddress, name: 'MetaMask', chain: 'ethereum', chainId: baseSepolia.id }
    const rejected = new TesseraError({ code: 'transaction_failure', shortMessage: 'Transaction was rejected by the user' })
    const view = await open({
      step: 'transfer',
      transfer: { status: 'error', from, bridged: false, summary: null, hash: null, error: rejected, refundUrl: null },
    })
    await waitFor(() => view.title() === 'Something went wrong', 'the error screen')
    assertEqual(view.text('funding-error-message'), 'Transaction was rejected by the user', 'the message')
    assert(!view.part('funding-refund-link'), 'no refund link for a same-chain transfer')
    await assertAccessible(view.shadow, 'the transfer error')
    const short = new TesseraError({ code: 'insufficient_balance', shortMessage: 'Wallet 0xcdc…cdcd does not have enough funds.' })
    view.update({ transfer: { ...view.current().transfer, error: short } })
    await waitFor(() => view.text('funding-retry') === 'Transfer from another wallet', 'the way back')
    assertEqual(view.text('funding-error-message'), 'Wallet 0xcdc…cdcd does not have enough funds.', 'the message')
    view.part('funding-retry').click()
    await waitFor(() => view.title() === 'Transfer from wallet', 'Transfer from wallet')
  })

  it("'Transfer from another network': amount, From chains with balances, To, the summary once quoted, Confirm", async () => {
    const sourceChains = [
      { chainId: 11155111, name: 'Sepolia', balance: eth(15n * 10n ** 17n) },
      { chainId: 421614, name: 'Arbitrum Sepolia', balance: eth(2n * 10n ** 17n) },
    ]
    const view = await open({ step: 'amount', sourceChains, balance: ethAmount(10n ** 16n) }, { bridged: true })
    ;(await waitFor(() => view.part('funding-continue'), 'Continue')).click()
    await waitFor(() => view.title() === 'Transfer from another network', 'the source-network step')
    assert(view.part('funding-amount-input'), 'its amount input')
    const select = view.part('funding-source-chain')
    assertEqual(
      [...select.options].map((option) => option.textContent),
      ['Select a network', 'Sepolia: 1.5 ETH', 'Arbitrum Sepolia: 0.2 ETH'],
      'the chains with their balances',
    )
    assertEqual(select.labels[0].textContent, 'From', 'labelled From')
    assertEqual(view.text('funding-destination'), '0xaba…abab0.01 ETH', 'To, with its balance')
    assertEqual([view.text('funding-confirm'), view.part('funding-confirm').disabled], ['Confirm with MetaMask', true], 'Confirm waits for a quote')
    await assertAccessible(view.shadow, 'transfer from another network')
    select.value = '11155111'
    select.dispatchEvent(new Event('change', { bubbles: true }))
    assertEqual(
      view.calls('chooseSourceChain').map((call) => call.value),
      [11155111],
      'chooseSourceChain(chainId)',
    )
    await waitFor(() => view.text('progress') === 'Fetching a quote…', 'quoting')
    const summary = { total: ethAmount(5n * 10n ** 16n), to: fundingAddress, network: 'Base Sepolia', estimatedFee: eth(3n * 10n ** 14n, 0.9) }
    view.update({ transfer: { ...view.current().transfer, status: 'confirm', summary } })
    await waitFor(() => view.part('funding-estimated-fee'), 'the bridging summary')
    assertEqual(
      ['total', 'to', 'network', 'estimated-fee'].map((name) => view.text(`funding-${name}`)),
      ['0.05 ETH', '0xaba…abab', 'Base Sepolia', '<0.001 ETH ($0.90)'],
      'Total, To, Network, Estimated fee',
    )
    assertEqual(select.value, '11155111', 'the chosen chain stays selected')
    view.part('funding-confirm').click()
    assertEqual(view.calls('confirmTransfer').length, 1, 'confirmTransfer()')
  })
})

describe('Provider status screens', () => {
  it("first provider: 'Fund account', In Progress while in the popup and after it, then funded with Continue", async () => {
    const view = await open({ step: 'card-status', card: { provider: 'coinbase', experience: 'buy', status: 'pending-in-flow' } })
    await waitFor(() => view.title() === 'Fund account', 'Fund account')
    assertEqual(
      [view.text('funding-status-title'), view.text('funding-status-body')],
      ['In Progress', 'Finish adding funds in the Coinbase window.'],
      'in the popup',
    )
    assert(!view.part('funding-continue'), 'no Continue yet')
    await assertAccessible(view.shadow, 'the card status')
    view.update({ card: { provider: 'coinbase', experience: 'buy', status: 'pending-after-flow' } })
    await waitFor(() => view.text('funding-status-body') === 'Checking the status of your purchase with Coinbase…', 'after the popup')
    assertEqual(view.text('funding-status-title'), 'In Progress', 'still in progress')
    view.update({ card: { provider: 'coinbase', experience: 'buy', status: 'success' } })
    await waitFor(() => view.text('funding-status-title') === "You've funded your account!", 'funded')
    assertEqual(view.text('funding-status-body'), 'It may take a few minutes for the assets to appear.', 'the funded line')
    assert(view.part('funding-success'), 'the success part')
    await assertAccessible(view.shadow, 'funded')
    view.part('funding-continue').click()
    await waitFor(() => view.events.closed === 1, 'Continue finishes and the modal closes')
    assertEqual(view.client.funding.outcomes.get(view.session.id).status, 'funded', 'funded')
  })

  it("second provider: In Progress, 'Processing payment' with Continue, completed with Continue; back to the landing", async () => {
    const view = await open({ step: 'card-status', fundingMethod: 'card', card: { provider: 'moonpay', status: 'pending' } })
    await waitFor(() => view.text('funding-status-body') === 'Finish adding funds in the MoonPay window.', 'in progress')
    assertEqual(view.text('funding-status-title'), 'In Progress', 'In Progress')
    view.update({ card: { provider: 'moonpay', status: 'waitingAuthorization' } })
    await waitFor(() => view.text('funding-status-title') === 'Processing payment', 'Processing payment')
    assertEqual(
      view.text('funding-status-body'),
      'This may take up to a few hours. You will receive an email when the purchase is complete.',
      'the processing line',
    )
    assertEqual(view.text('funding-continue'), 'Continue', 'Continue')
    await assertAccessible(view.shadow, 'processing payment')
    view.update({ card: { provider: 'moonpay', status: 'completed' } })
    await waitFor(() => view.text('funding-status-title') === "You've funded your account!", 'completed')
    view.part('back-button').click()
    await waitFor(() => view.part('funding-landing'), 'back to the landing')
    assertEqual(view.calls('back').length, 1, 'back()')
  })

  it("the exchange's send experience waits on the first provider's window", async () => {
    const view = await open()
    ;(await waitFor(() => view.part('funding-exchange-button'), 'the landing')).click()
    await waitFor(() => view.text('funding-status-body') === 'Finish adding funds in the Coinbase window.', 'in progress')
  })
})

describe("'Add funds' from a confirmation", () => {
  /** The modal on 'transaction:confirm' over a queue whose 'Add funds' opens sessions in the client's funding. */
  async function confirmation(enqueue, config = { fundingConfig }) {
    const client = createAccessClient({
      user: fixtureUser(),
      config,
      embeddedWallets: {
        wallets: [
          { chainType: 'ethereum', recoveryMethod: 'privy' },
          { chainType: 'solana', recoveryMethod: 'privy' },
        ],
      },
    })
    const queue = attachConfirmations(client.embeddedWallets, { funding: client.funding })
    const queued = enqueue(queue)
    const view = await mountModal(client, 'transaction:confirm')
    return { ...view, client, queue, queued }
  }

  it('Ethereum: opens the funding landing over the confirmation, which shows again (funded) when the session ends', async () => {
    const view = await confirmation((queue) =>
      queue.ethereumTransaction({ summary: ethereumSummary({ insufficientFunds: true, balance: eth(10n ** 15n, 3) }) }),
    )
    const addFunds = await waitFor(() => view.part('add-funds-button'), 'Add funds')
    assertEqual(addFunds.disabled, false, 'enabled: the app has funding')
    addFunds.click()
    assertEqual(view.queue.calls.filter((call) => call.action === 'addFunds').length, 1, 'addFunds()')
    await waitFor(() => view.title() === 'Add funds to your Fixture App wallet', 'the funding landing over the confirmation')
    const [{ value }] = view.calls('fundWallet')
    assertEqual(value, { input: { address: view.queued.address }, options: { forConfirmation: view.queued.id } }, "a session for the confirmation's wallet")
    assert(view.part('back-button'), 'back leads to the confirmation')
    await assertAccessible(view.shadow, 'the landing over a confirmation')
    view.part('funding-receive-button').click()
    await waitFor(() => view.part('funding-qr-code'), 'receive')
    const [session] = view.client.funding.sessions()
    view.client.funding.update(session.id, { balanceRose: true, balance: eth(10n ** 18n) })
    ;(await waitFor(() => view.part('funding-continue'), 'Continue')).click()
    const approve = await waitFor(() => view.part('approve-button'), 'the confirmation again, its balance enough')
    assertEqual([approve.textContent, view.events.closed], ['Approve', 0], 'Approve, and the modal stays open')
    await waitFor(() => view.shadow.activeElement === approve, 'the focus on Approve')
  })

  it('Solana: back on the landing returns to the confirmation; closing the modal there ends both', async () => {
    const view = await confirmation((queue) => queue.solanaTransaction({ summary: solanaSummary({ insufficientFunds: true, balance: sol(1000n, 0) }) }))
    ;(await waitFor(() => view.part('add-funds-button'), 'Add funds')).click()
    await waitFor(() => view.part('funding-landing'), 'the funding landing')
    assertEqual(view.calls('fundWallet')[0].value.input, { address: view.queued.address, chainType: 'solana' }, 'the Solana wallet')
    view.part('back-button').click()
    await waitFor(() => view.part('add-funds-button'), 'the confirmation again')
    await waitFor(() => view.shadow.activeElement === view.part('add-funds-button'), 'the focus back on Add funds')
    assertEqual(view.client.funding.outcomes.get(view.calls('fundWallet')[0].id).status, 'exited', 'the session exited')
    assertEqual(view.events.closed, 0, 'the modal stays open')

    view.part('add-funds-button').click()
    await waitFor(() => view.part('funding-landing'), 'funding again')
    view.part('close-button').click()
    await waitFor(() => view.events.closed === 1, 'closed')
    await waitFor(() => view.client.funding.sessions().length === 0, 'the session ended')
    await waitFor(() => view.queue.queue().length === 0, 'the confirmation rejected')
  })

  it('stays disabled when the app has no funding', async () => {
    const view = await confirmation((queue) => queue.ethereumTransaction({ summary: ethereumSummary({ insufficientFunds: true }) }), { fundingConfig: null })
    assertEqual((await waitFor(() => view.part('add-funds-button'), 'Add funds')).disabled, true, 'disabled')
  })

  it('standalone (as in <confirm-tx>): the funding screens replace the confirmation inline, without a close button', async () => {
    const client = createAccessClient({ user: fixtureUser(), config: { fundingConfig } })
    const queue = attachConfirmations(client.embeddedWallets, { funding: client.funding })
    queue.ethereumTransaction({ id: 'confirm-tx-1', inline: true, summary: ethereumSummary({ insufficientFunds: true }) })
    const host = newHost()
    const { root, shadow } = mountTransactionView(host, client, 'confirm-tx-1')
    shadow.adoptedStyleSheets = [await styles]
    track(root, host)
    const view = lookups(client, shadow)
    ;(await waitFor(() => view.part('add-funds-button'), 'Add funds')).click()
    await waitFor(() => view.part('funding-landing'), 'the funding landing in the panel')
    assertEqual(view.calls('fundWallet')[0].value.options, { forConfirmation: 'confirm-tx-1', inline: true }, 'inline, as the confirmation is')
    assert(!view.part('close-button'), 'no close button standalone')
    await assertAccessible(shadow, 'the standalone landing')
    view.part('funding-card-button').click()
    await waitFor(() => view.title() === 'Fund account', 'the card status')
    const [session] = client.funding.sessions()
    client.funding.update(session.id, { card: { provider: 'coinbase', experience: 'buy', status: 'success' } })
    ;(await waitFor(() => view.part('funding-continue'), 'Continue')).click()
    await waitFor(() => view.part('approve-button'), 'the confirmation again')
  })
})

describe('The funding prompt after wallet creation', () => {
  const newWallet = `0x${'12'.repeat(20)}`
  /** Signs in through the client double (email code) with the modal open on the landing; the login creates an Ethereum wallet. */
  async function signUp(funding = {}, prompt = true) {
    // The wallet takes a moment, as the frame does: the login holds on 'Creating your wallet' meanwhile.
    const create = () => new Promise((resolve) => setTimeout(() => resolve(newWallet), 100))
    const client = createAccessClient({
      config: { fundingConfig: { ...fundingConfig, prompt_funding_on_wallet_creation: prompt } },
      embeddedWallets: { createOnLogin: ['ethereum'], create },
      funding,
    })
    const view = await mountModal(client)
    await waitFor(() => view.title(), 'the landing')
    await client.auth.email.sendCode('ada@example.com')
    await client.auth.email.loginWithCode('123456')
    await waitFor(() => view.title() === 'Welcome to Fixture App', 'the wallet-created screen')
    return { ...view, client }
  }

  it('goes on from the created screen to the funding landing for the new Ethereum wallet; closing reports the login', async () => {
    const view = await signUp()
    await waitFor(() => view.title() === 'Add funds to your Fixture App wallet', 'the funding landing', 4000)
    const [{ id, value }] = view.calls('fundWallet')
    assertEqual(value, { input: { address: newWallet }, options: { inline: true, id } }, 'an inline session for the new wallet')
    assertEqual([view.events.success.length, view.events.closed], [0, 0], 'the login waits for the funding')
    await assertAccessible(view.shadow, 'the funding prompt')
    view.part('close-button').click()
    await waitFor(() => view.events.closed === 1, 'closed')
    assertEqual(
      view.events.success.map((detail) => detail.isNewUser),
      [true],
      'the login reported once',
    )
    await waitFor(() => view.client.funding.outcomes.get(id)?.status === 'exited', 'the session ended as the user leaving')
  })

  it('a funded session reports the login and closes', async () => {
    const view = await signUp()
    ;(await waitFor(() => view.part('funding-receive-button'), 'the funding landing', 4000)).click()
    const [session] = view.client.funding.sessions()
    view.client.funding.update(session.id, { balanceRose: true, balance: eth(10n ** 17n) })
    ;(await waitFor(() => view.part('funding-continue'), 'Continue')).click()
    await waitFor(() => view.events.closed === 1, 'closed')
    assertEqual(view.events.success.length, 1, 'the login reported once')
  })

  it('a refused session, or no prompt, closes with the login as before', async () => {
    const refused = await signUp({ refuse: new TesseraError({ code: 'invalid_data', shortMessage: 'Wallet funding is not enabled' }) })
    await waitFor(() => refused.events.closed === 1, 'closed after the refusal', 4000)
    assertEqual(refused.events.success.length, 1, 'the login reported')
    const off = await signUp({}, false)
    await waitFor(() => off.events.closed === 1, 'closed', 4000)
    assertEqual([off.events.success.length, off.calls('fundWallet').length], [1, 0], 'no funding without the prompt')
  })
})
