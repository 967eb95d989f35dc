// The wallet screens in Chromium through the fixture bundle: the real modal view over a client whose
// `wallets` is a double the test drives (sign-in spec, "Screens and routes", "States and transitions" and "The error catalogue"; wallet spec, "Screens and routes": "Other screens"; "States and transitions":
// "External wallet connection"; "Business constants and limits"). The real core flow is covered end to end in test/e2e/wallet-login.test.ts.
import { sendKeys } from '@web/test-runner-commands'
import { assert, assertEqual, assertInlineQr, sleep, waitFor } from './browser-assertions.js'
import { setupAccessView } from './access-view.js'

const { createAccessClient, fixtureUser, walletOption, TesseraError, toWalletError, walletConnectionError, walletRejectedError, walletTimedOutError } =
  await import('/.test-data/browser-fixtures/access-screens.js')

const metamask = walletOption('MetaMask', { id: 'io.metamask' })
const rainbow = walletOption('Rainbow', { id: 'me.rainbow' })
const phantom = walletOption('Phantom', { id: 'app.phantom', chains: ['ethereum', 'solana'] })

function setup({ wallets = {}, config = {}, ...script } = {}, viewProps = {}) {
  const view = setupAccessView(
    { config: { loginMethods: ['email', 'wallet'], ...config }, wallets: { options: [metamask, rainbow, phantom], ...wallets }, ...script },
    viewProps,
  )
  const walletNames = () => view.parts('wallet-name').map((element) => element.textContent)
  return { ...view, wallets: view.client.wallets, walletNames }
}

/** From the landing's wallet shortcut to the picker. */
async function openPicker(view) {
  let shortcut = await waitFor(() => view.button('Continue with a wallet'), "the 'Continue with a wallet' row")
  shortcut.click()
  // The first opening loads the wallet screens' chunk: allow for a busy machine.
  await waitFor(
    () => {
      if (view.title() === 'Select your wallet') return true
      // A click on a row the landing re-rendered away is lost: press the row that replaced it.
      const current = view.button('Continue with a wallet')
      if (current && current !== shortcut && current.isConnected) (shortcut = current).click()
      return false
    },
    'the wallet picker',
    10_000,
  ).catch((error) => {
    throw new Error(`${error.message} (title: ${view.title()}; screen: ${view.shadow.textContent.slice(0, 300)})`)
  })
}

async function pickWallet(view, name) {
  await waitFor(() => view.walletNames().includes(name), `the ${name} row`)
  view
    .parts('wallet-option')
    .find((row) => row.querySelector('[part~="wallet-name"]').textContent === name)
    .click()
}

describe('landing wallet shortcut (sign-in spec, "Screens and routes")', () => {
  it("legacy web2-first: 'Continue with a wallet' after the other rows, keyboard-usable", async () => {
    const view = setup()
    const shortcut = await waitFor(() => view.button('Continue with a wallet'), 'the shortcut')
    const rows = view.parts('method-button')
    assertEqual(rows.at(-1), shortcut, 'the last row')
    shortcut.focus()
    await sendKeys({ press: 'Enter' })
    await waitFor(() => view.title() === 'Select your wallet', 'Enter opens the picker')
  })

  it("web3-first: 'Other wallets' on top", async () => {
    const view = setup({
      config: { loginMethods: ['email', 'wallet', 'google'], appearance: { ...(await defaultAppearance()), loginGroupPriority: 'web3-first' } },
    })
    const shortcut = await waitFor(() => view.button('Other wallets'), "'Other wallets'")
    assertEqual(view.parts('method-button')[0], shortcut, 'the first row')
  })

  it("configured layout: 'wallet' is one of the ordered rows", async () => {
    const view = setup({ config: { loginMethods: ['email', 'wallet'], loginMethodsAndOrder: { primary: ['wallet', 'email'], overflow: [] } } })
    const row = await waitFor(() => view.part('wallet-button'), 'the wallet row')
    assertEqual(row.textContent, 'Continue with a wallet', 'label')
    assert(row.compareDocumentPosition(view.part('email-input')) & Node.DOCUMENT_POSITION_FOLLOWING, 'before the email form')
  })

  it('no shortcut when wallet login is off', async () => {
    const view = setup({ config: { loginMethods: ['email'] } })
    await waitFor(() => view.part('email-input'), 'the landing')
    assertEqual(view.button('Continue with a wallet'), undefined, 'no wallet row')
  })
})

async function defaultLegal() {
  return createAccessClient().getConfig().config.legal
}

/** Runs `body` as a phone (the mobile user agent) with `window.open` recorded instead of leaving the page. */
async function onPhone(body) {
  const opened = []
  const open = window.open
  Object.defineProperty(navigator, 'userAgent', { configurable: true, get: () => 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148' })
  window.open = (url, target) => void opened.push({ url, target })
  try {
    await body(opened)
  } finally {
    delete navigator.userAgent
    window.open = open
  }
}

/** Whether the wallet calls happen inside a click's own dispatch (React handles it inside; an effect runs later). */
function clickTracker(view) {
  const state = { inClick: false }
  view.shadow.addEventListener('click', () => (state.inClick = true), true)
  view.shadow.addEventListener('click', () => (state.inClick = false))
  return state
}

async function defaultAppearance() {
  const probe = createAccessClient()
  return probe.getConfig().config.appearance
}

describe('wallet picker (wallet spec, "Screens and routes")', () => {
  it("lists names with chain badges, the last used wallet first with 'Last used', and no search up to 6 wallets", async () => {
    const view = setup({ wallets: { lastUsed: 'me.rainbow' } })
    await openPicker(view)
    assertEqual(view.walletNames(), ['Rainbow', 'MetaMask', 'Phantom'], 'order')
    const rows = view.parts('wallet-option')
    assertEqual(rows[0].querySelector('[part~="last-used-chip"]')?.textContent, 'Last used', 'chip on the last used')
    assertEqual(view.parts('last-used-chip').length, 1, 'one chip')
    assertEqual(
      [...rows[2].querySelectorAll('[part~="chain-badge"]')].map((badge) => badge.textContent),
      ['Ethereum', 'Solana'],
      'Phantom badges',
    )
    assertEqual(view.part('wallet-search'), null, 'no search box for 3 wallets')
  })

  it("shows 'Search wallets' above 6 wallets; filters; 'No wallets found. Try another search.'", async () => {
    const many = ['MetaMask', 'Rainbow', 'Phantom', 'Zerion', 'Rabby Wallet', 'Backpack', 'Uniswap Wallet'].map((name) => walletOption(name))
    const view = setup({ wallets: { options: many } })
    await openPicker(view)
    const search = await waitFor(() => view.part('wallet-search'), 'the search box')
    assertEqual(search.getAttribute('aria-label'), 'Search wallets', 'labelled')
    search.focus()
    await sendKeys({ type: 'wallet' })
    await waitFor(() => view.walletNames().join() === 'Rabby Wallet,Uniswap Wallet', 'filtered rows')
    await sendKeys({ type: 'xyz' })
    await waitFor(() => view.part('wallet-no-matches')?.textContent === 'No wallets found. Try another search.', 'the no-match text')
    for (let i = 0; i < 9; i++) await sendKeys({ press: 'Backspace' })
    await waitFor(() => view.walletNames().length === 7, 'every wallet again')
  })

  it('a click connects the wallet and signs in (intent login) on its status screen', async () => {
    const view = setup()
    await openPicker(view)
    await pickWallet(view, 'MetaMask')
    await waitFor(() => view.title() === 'Waiting for MetaMask', 'the waiting title')
    assertEqual(view.wallets.calls.connect, [{ walletId: 'io.metamask', options: { intent: 'login', chain: 'ethereum' } }], 'connect call')
  })

  it("a wallet on both chains asks 'Select network' when the app signs in with both", async () => {
    const appearance = { ...(await defaultAppearance()), walletChainType: 'ethereum-and-solana' }
    const view = setup({ config: { appearance } })
    await openPicker(view)
    await pickWallet(view, 'Phantom')
    await waitFor(() => view.title() === 'Select network', 'the network choice')
    assertEqual(
      view.parts('wallet-network').map((row) => row.textContent),
      ['Ethereum', 'Solana'],
      'networks',
    )
    view.parts('wallet-network')[0].click()
    await waitFor(() => view.title() === 'Waiting for Phantom', 'connecting')
    assertEqual(view.wallets.calls.connect[0].options, { intent: 'login', chain: 'ethereum' }, 'Ethereum chosen')
  })

  it("Phantom on Solana asks 'Phantom supports Ledger': with Ledger signs a memo transaction, without a message", async () => {
    const appearance = { ...(await defaultAppearance()), walletChainType: 'solana-only' }
    const view = setup({ config: { appearance } })
    await openPicker(view)
    await pickWallet(view, 'Phantom')
    await waitFor(() => view.title() === 'Phantom supports Ledger', 'the Ledger prompt')
    view.button('Continue with Ledger').click()
    await waitFor(() => view.title() === 'Waiting for Phantom', 'connecting')
    assertEqual(view.wallets.calls.connect[0].options, { intent: 'login', chain: 'solana', solanaMessageType: 'transaction' }, 'memo transaction')
    view.button('Still here? Try connecting again').click()
    await waitFor(() => view.wallets.calls.connect.length === 2, 'again')
    assertEqual(view.wallets.calls.connect[1].options.solanaMessageType, 'transaction', 'the retry keeps the choice')

    const plain = setup({ config: { appearance } })
    await openPicker(plain)
    await pickWallet(plain, 'Phantom')
    ;(await waitFor(() => plain.button('Continue without Ledger'), 'the other choice')).click()
    await waitFor(() => plain.wallets.calls.connect.length === 1, 'connecting')
    assertEqual(plain.wallets.calls.connect[0].options.solanaMessageType, 'plain', 'a message')
  })

  it("a listed wallet that is not installed shows 'Open or install {wallet}' with the install steps", async () => {
    const view = setup({ wallets: { options: [walletOption('MetaMask', { id: 'metamask', installed: false, installUrl: 'https://metamask.io/download/' })] } })
    await openPicker(view)
    await pickWallet(view, 'MetaMask')
    await waitFor(() => view.title() === 'Open or install MetaMask', 'install instructions')
    const steps = [...view.part('install-steps').querySelectorAll('li')].map((step) => step.textContent)
    assertEqual(steps.at(-1), 'Reload the page to use your wallet', 'last step')
    assert(view.button('Get MetaMask').href.startsWith('https://metamask.io/'), 'download link')
    assertEqual(view.wallets.calls.connect.length, 0, 'nothing connected')
    view.part('back-button').click()
    await waitFor(() => view.title() === 'Select your wallet', 'back to the list')
  })

  it("no wallets: 'No wallets available' suggesting Rainbow, Phantom and Coinbase Wallet (Phantom and Solflare for Solana-only)", async () => {
    const view = setup({ wallets: { options: [] } })
    await openPicker(view)
    assertEqual(view.part('wallets-empty').textContent, 'No wallets available', 'empty state')
    assertEqual(
      view.parts('suggested-wallet').map((link) => link.textContent),
      ['Rainbow', 'Phantom', 'Coinbase Wallet'],
      'Ethereum suggestions',
    )
    const solana = setup({ wallets: { options: [] }, config: { appearance: { ...(await defaultAppearance()), walletChainType: 'solana-only' } } })
    await openPicker(solana)
    assertEqual(
      solana.parts('suggested-wallet').map((link) => link.textContent),
      ['Phantom', 'Solflare'],
      'Solana suggestions',
    )
  })
})

describe('wallet connection status (wallet spec, "Screens and routes" and "States and transitions")', () => {
  async function connecting(script = {}) {
    const view = setup(script)
    await openPicker(view)
    await pickWallet(view, 'MetaMask')
    await waitFor(() => view.title() === 'Waiting for MetaMask', 'waiting')
    return view
  }

  it('walks the titles: waiting, switching networks, sign to verify, signing, success', async () => {
    const view = await connecting()
    assertEqual(view.part('wallet-hint').textContent, "Don't see your wallet? Check your other browser windows.", 'waiting hint')
    assert(view.button('Still here? Try connecting again'), "the 'Still here?' link")
    view.wallets.setFlow({ connection: 'switching_to_supported_chain' })
    await waitFor(() => view.title() === 'Switching networks', 'switching')
    view.wallets.setFlow({ status: 'connected', connection: 'connected', address: '0xabc' })
    await waitFor(() => view.title() === 'Sign to verify', 'sign to verify')
    view.wallets.setFlow({ status: 'awaiting-signature' })
    await waitFor(() => view.title() === 'Sign to verify', 'still sign to verify while the wallet asks')
    view.wallets.setFlow({ status: 'submitting-signature' })
    await waitFor(() => view.title() === 'Signing', 'signing')
    view.wallets.setFlow({ status: 'done' })
    await waitFor(() => view.title() === 'Successfully connected with MetaMask', 'success')
  })

  it('a pending wallet request keeps the waiting state with its hint', async () => {
    const view = await connecting()
    view.wallets.setFlow({ pendingRequest: true })
    await waitFor(() => view.part('wallet-hint').textContent === 'Open MetaMask: a request is already waiting for you there.', 'pending hint')
    assertEqual(view.title(), 'Waiting for MetaMask', 'still waiting')
  })

  it("'Still here? Try connecting again' starts the connection over", async () => {
    const view = await connecting()
    const resets = view.wallets.calls.reset
    view.button('Still here? Try connecting again').click()
    await waitFor(() => view.wallets.calls.connect.length === 2, 'a second attempt')
    assertEqual(view.wallets.calls.reset, resets + 1, 'the flow reset first')
    assertEqual(view.title(), 'Waiting for MetaMask', 'waiting again')
  })

  it("signs in: 'Successfully connected with {wallet}' shows, then the login is reported after the success delay", async () => {
    const user = fixtureUser({ id: 'did:privy:wallet' })
    const view = setup({ wallets: { connectAndSignIn: async () => user } })
    await openPicker(view)
    await pickWallet(view, 'MetaMask')
    await waitFor(() => view.title() === 'Successfully connected with MetaMask', 'the success title')
    const shownAt = performance.now()
    await sleep(600)
    assertEqual(view.events.success.length, 0, 'not reported while the success shows')
    await waitFor(() => view.events.success.length === 1, 'login reported', 3000)
    assert(performance.now() - shownAt >= 1200, 'after the success delay (1400 ms)')
    assertEqual(view.events.success[0].user.id, 'did:privy:wallet', 'the user')
  })

  it('linking: the success shows, then the link is reported after the same delay', async () => {
    const user = fixtureUser()
    const view = setup({ user, wallets: { connectAndSignIn: async () => user } }, { request: { intent: 'link', method: 'wallet' } })
    await waitFor(() => view.title() === 'Link a wallet', 'the link picker')
    await pickWallet(view, 'MetaMask')
    await waitFor(() => view.title() === 'Successfully connected with MetaMask', 'the success title')
    await sleep(600)
    assertEqual(view.events.links.length, 0, 'not reported while the success shows')
    await waitFor(() => view.events.links.length === 1, 'link reported', 3000)
  })

  it('a login that needs the terms still goes to them after 900 ms', async () => {
    const user = fixtureUser({ id: 'did:privy:terms', hasAcceptedTerms: false })
    const view = setup({ config: { legal: { ...(await defaultLegal()), requireUsersAcceptTerms: true } }, wallets: { connectAndSignIn: async () => user } })
    await openPicker(view)
    await pickWallet(view, 'MetaMask')
    await waitFor(() => view.part('terms-accept'), 'the terms screen', 3000)
    assertEqual(view.events.success.length, 0, 'held until the terms are accepted')
  })
})

describe('wallet errors (sign-in spec, "States and transitions": "Wallet errors"; "The error catalogue")', () => {
  it("a rejected signature: 'You rejected the request' with the hint; Try again until 2 attempts failed, then only Cancel", async () => {
    let attempts = 0
    const view = setup({
      wallets: {
        connectAndSignIn: async () => {
          attempts++
          view.wallets.setFlow({ address: '0xabc' })
          throw walletRejectedError(true)
        },
      },
    })
    await openPicker(view)
    await pickWallet(view, 'MetaMask')
    await waitFor(() => view.title() === 'Could not connect with wallet', 'the error title')
    assertEqual(view.part('wallet-error').textContent, 'You rejected the request', 'message')
    assertEqual(view.part('wallet-error-detail').textContent, 'Signature rejected - Please try signing again.', 'hint')
    assert(view.button('Cancel'), 'Cancel')
    assertEqual(view.events.errors, ['generic_connect_wallet_error'], 'reported to the host')
    view.button('Try again').click()
    await waitFor(() => attempts === 2 && view.wallets.getFlow().retries === 2, 'the second attempt failed')
    await waitFor(() => !view.button('Try again'), 'no third try')
    assertEqual(view.button('Use a different wallet'), undefined, 'sign-in does not offer another wallet')
    view.button('Cancel').click()
    await waitFor(() => view.title() === 'Select your wallet', 'Cancel goes back to the picker')
    assertEqual(view.wallets.getFlow().status, 'initial', 'flow reset')
  })

  it("timeout: 'Wallet request timed out' / 'Please try connecting again.'", async () => {
    const view = setup({ wallets: { connectAndSignIn: async () => Promise.reject(walletTimedOutError()) } })
    await openPicker(view)
    await pickWallet(view, 'MetaMask')
    await waitFor(() => view.part('wallet-error')?.textContent === 'Wallet request timed out', 'timeout message')
    assertEqual(view.part('wallet-error-detail').textContent, 'Please try connecting again.', 'detail')
    assert(view.button('Try again'), 'retryable')
  })

  it("an address of another user: 'User already exists for this address', no retry, 'Use a different wallet' back to the picker", async () => {
    const linked = toWalletError(new TesseraError({ code: 'linked_to_another_user', shortMessage: 'Linked', status: 400 }))
    const view = setup({ wallets: { connectAndSignIn: async () => Promise.reject(linked) } })
    await openPicker(view)
    await pickWallet(view, 'MetaMask')
    await waitFor(() => view.part('wallet-error')?.textContent === 'User already exists for this address', 'user exists')
    assertEqual(view.part('wallet-error-detail').textContent, 'Try another address!', 'detail')
    assertEqual(view.button('Try again'), undefined, 'not retryable')
    view.button('Use a different wallet').click()
    await waitFor(() => view.title() === 'Select your wallet', 'the picker')
  })

  it('errors the shared screens handle (allowlist) leave the wallet screens', async () => {
    const denied = new TesseraError({ code: 'allowlist_rejected', shortMessage: 'Not allowed', status: 403 })
    const view = setup({ wallets: { connectAndSignIn: async () => Promise.reject(denied) } })
    await openPicker(view)
    await pickWallet(view, 'MetaMask')
    await waitFor(() => view.title() === "You don't have access to this app", 'the allowlist screen')
  })

  it("linking (connect-only): opens on the picker, links, and offers 'Use a different wallet' after 2 failed attempts", async () => {
    const view = setup(
      { user: fixtureUser(), wallets: { connectAndSignIn: async () => Promise.reject(walletConnectionError(new Error('boom'))) } },
      { request: { intent: 'link', method: 'wallet' } },
    )
    await waitFor(() => view.title() === 'Link a wallet', 'the link picker')
    await pickWallet(view, 'MetaMask')
    await waitFor(() => view.part('wallet-error')?.textContent === 'Could not log in with wallet', 'the connection error')
    assertEqual(view.wallets.calls.connect[0].options.intent, 'link', 'links')
    assertEqual(view.button('Use a different wallet'), undefined, 'not yet')
    view.button('Try again').click()
    await waitFor(() => view.button('Use a different wallet'), "'Use a different wallet' after 2 failures")
    assertEqual(view.button('Try again'), undefined, 'retries used up')
  })
})

describe('WalletConnect pairing (wallet spec, "Screens and routes" and "Business constants and limits")', () => {
  const uri = 'wc:7f6e5d4c3b2a@2?relay-protocol=irn&symKey=0123456789abcdef'

  it("draws the URI as a QR code with 'Copy link'; 'Copied' resets after 1.5 s", async () => {
    const copiedTexts = []
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (text) => void copiedTexts.push(text) } })
    const walletConnect = walletOption('WalletConnect', { id: 'wallet_connect', connectorType: 'wallet_connect', installed: true })
    const view = setup({ wallets: { options: [walletConnect] } })
    await openPicker(view)
    await pickWallet(view, 'WalletConnect')
    view.wallets.setFlow({ walletConnectUri: uri })
    await waitFor(() => view.title() === 'Scan code to connect to WalletConnect', 'the QR title')
    const image = await waitFor(() => view.part('wallet-qr-code'), 'the QR code', 5000)
    assertInlineQr(image, { label: 'QR code to connect to WalletConnect', size: 280 })
    view.button('Copy link').click()
    await waitFor(() => view.part('wallet-copied')?.textContent === 'Copied', 'copied indicator')
    assertEqual(copiedTexts, [uri], 'the URI copied')
    await sleep(1200)
    assert(view.part('wallet-copied'), 'still shown before 1.5 s')
    await waitFor(() => !view.part('wallet-copied'), 'reset after 1.5 s', 1000)
  })
})

describe('signing after the connection (sign-in spec, "States and transitions": "Wallet login flow"; wallet spec, "States and transitions")', () => {
  const address = '0x1111111111111111111111111111111111111111'

  it('in-app browsers connect only inside the row click, and the user taps Sign', async () => {
    const user = fixtureUser({ id: 'did:privy:in-app' })
    const seen = { connect: [], signIn: [] }
    const view = setup({
      wallets: {
        needsTrustedClick: true,
        connect: async () => (seen.connect.push(tracker.inClick), address),
        signIn: async () => (seen.signIn.push(tracker.inClick), user),
      },
    })
    const tracker = clickTracker(view)
    await openPicker(view)
    await sleep(100)
    assertEqual(view.wallets.calls.connectOnly.length, 0, 'nothing connects from the picker opening')
    await pickWallet(view, 'MetaMask')
    await waitFor(() => view.title() === 'Sign to verify', 'connected, waiting for the tap')
    assertEqual(seen.connect, [true], 'connected inside the click')
    assertEqual(view.wallets.calls.connectOnly[0].options, { intent: 'login', chain: 'ethereum' }, 'connect options')
    assertEqual(view.wallets.calls.connect.length, 0, 'no automatic connect-and-sign')
    await sleep(300)
    assertEqual(view.wallets.calls.signIn.length, 0, 'no automatic signature request')
    const sign = view.part('sign-button')
    assertEqual(sign.textContent, 'Sign', "the 'Sign' button")
    sign.focus()
    await sendKeys({ press: 'Enter' })
    await waitFor(() => seen.signIn.length === 1, 'signed on the tap')
    assertEqual(seen.signIn, [true], 'the signature request inside the click')
    assertEqual(view.wallets.calls.signIn[0].options, { intent: 'login' }, 'sign-in options')
    assertEqual(view.wallets.calls.signIn[0].wallet.address, address, 'the connected wallet')
    await waitFor(() => view.title() === 'Successfully connected with MetaMask', 'success')
    await waitFor(() => view.events.success.length === 1, 'login reported', 3000)
  })

  it('on mobile the user taps Sign too (a Ledger choice is kept)', async () => {
    await onPhone(async () => {
      const appearance = { ...(await defaultAppearance()), walletChainType: 'solana-only' }
      const view = setup({ config: { appearance }, wallets: { connect: async () => address } })
      await openPicker(view)
      await pickWallet(view, 'Phantom')
      ;(await waitFor(() => view.button('Continue with Ledger'), 'the Ledger prompt')).click()
      const sign = await waitFor(() => view.part('sign-button'), "the 'Sign' button")
      assertEqual(view.wallets.calls.signIn.length, 0, 'no automatic prompt on mobile')
      sign.click()
      await waitFor(() => view.wallets.calls.signIn.length === 1, 'signed on the tap')
      assertEqual(view.wallets.calls.signIn[0].options, { intent: 'login', solanaMessageType: 'transaction' }, 'the Ledger choice')
    })
  })

  it('a wallet reached through WalletConnect is asked to sign 2500 ms after it connects', async () => {
    const walletConnect = walletOption('WalletConnect', { id: 'wallet_connect', connectorType: 'wallet_connect', installed: true })
    const view = setup({ wallets: { options: [walletConnect], connect: async () => address } })
    await openPicker(view)
    await pickWallet(view, 'WalletConnect')
    await waitFor(() => view.title() === 'Sign to verify', 'connected')
    const connectedAt = performance.now()
    assertEqual(view.part('sign-button'), null, 'no Sign button on desktop')
    await sleep(2000)
    assertEqual(view.wallets.calls.signIn.length, 0, 'not before 2500 ms')
    await waitFor(() => view.wallets.calls.signIn.length === 1, 'the automatic prompt', 2000)
    assert(performance.now() - connectedAt >= 2400, 'after 2500 ms')
  })

  it('closing during the WalletConnect delay asks for no signature', async () => {
    const walletConnect = walletOption('WalletConnect', { id: 'wallet_connect', connectorType: 'wallet_connect', installed: true })
    const view = setup({ wallets: { options: [walletConnect], connect: async () => address } })
    await openPicker(view)
    await pickWallet(view, 'WalletConnect')
    await waitFor(() => view.title() === 'Sign to verify', 'connected')
    view.part('back-button').click()
    await sleep(2800)
    assertEqual(view.wallets.calls.signIn.length, 0, 'the prompt was dropped with the flow')
  })
})

describe('mobile install instructions (wallet spec, "Screens and routes")', () => {
  const notInstalled = walletOption('MetaMask', {
    id: 'metamask',
    installed: false,
    installUrl: 'https://metamask.io/download/',
    deepLink: 'https://metamask.app.link/dapp/{page}',
  })

  it("a listed wallet that is not installed opens the page in its app: 'Redirecting to {wallet} Mobile Wallet'", async () => {
    await onPhone(async (opened) => {
      const view = setup({ wallets: { options: [notInstalled] } })
      await openPicker(view)
      await pickWallet(view, 'MetaMask')
      await waitFor(() => view.title() === 'Redirecting to MetaMask Mobile Wallet', 'the redirect screen')
      const link = `https://metamask.app.link/dapp/${location.href.replace(/^https?:\/\//, '')}`
      assertEqual(opened, [{ url: link, target: '_self' }], 'the deep link opened from the click')
      assertEqual(view.part('redirect-still-here').textContent, 'Still here?', "'Still here?'")
      const store = view.button('Go to App Store')
      assertEqual(store.getAttribute('href'), 'https://metamask.io/download/', 'the store link')
      view.button('Continue').click()
      assertEqual(opened.length, 2, "'Continue' opens the app again")
      assertEqual(opened[1].url, link, 'the same link')
      assertEqual(view.wallets.calls.connect.length + view.wallets.calls.connectOnly.length, 0, 'nothing connected')
    })
  })

  it('on desktop the same wallet shows the install steps', async () => {
    const view = setup({ wallets: { options: [notInstalled] } })
    await openPicker(view)
    await pickWallet(view, 'MetaMask')
    await waitFor(() => view.title() === 'Open or install MetaMask', 'install instructions')
  })
})
