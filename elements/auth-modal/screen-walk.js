// The accessibility walk's visits: how the fixture view reaches each screen the modal routes to (the navigation's
// own lists, elements/test-fixtures/screen-walk.fixture.ts), in light and in dark, for the axe and focus tests.
import { sendKeys } from '@web/test-runner-commands'
import { assert, assertAccessible, waitFor } from './browser-assertions.js'

const { createAccessClient, mountAccessView, fixtureUser, walletOption, TesseraError } = await import('/.test-data/browser-fixtures/access-screens.js')
const scripted = await import('/.test-data/browser-fixtures/auth-modal-view.js')
const { attachConfirmations, ethereumSummary, solanaSummary } = await import('/.test-data/browser-fixtures/fake-confirmations.js')
const { ethAmount, fundingAddress, payingAddress } = await import('/.test-data/browser-fixtures/fake-funding.js')
export const { allScreens, hostThemeCss } = await import('/.test-data/browser-fixtures/screen-walk.js')

// The elements' styles as the bundle adopts them: axe then judges real colours and layout.
export const builtStyles = fetch('/.test-data/browser-fixtures/tessera.css')
  .then((response) => response.text())
  .then((text) => {
    const sheet = new CSSStyleSheet()
    sheet.replaceSync(text)
    return sheet
  })

const signedIn = { user: fixtureUser({ email: { address: 'ada@example.com' }, hasAcceptedTerms: true }) }
const signedOut = { user: null }
const apiError = (code, status = 400, data) => new TesseraError({ code, shortMessage: 'Email is not deliverable', status, ...(data ? { data } : {}) })
const ethereumWallet = { embeddedWallets: { wallets: [{ chainType: 'ethereum', recoveryMethod: 'privy' }] } }
const PROVIDER = 'tessera-test-app-00000031'

const button = (view, text) => [...view.shadow.querySelectorAll('button, a')].find((element) => element.textContent === text)
const part = (view, name) => view.shadow.querySelector(`[part~="${name}"]`)

async function submitEmail(view) {
  const input = await waitFor(() => part(view, 'email-input'), 'the email input')
  input.focus()
  await sendKeys({ type: 'ada@example.com' })
  await sendKeys({ press: 'Enter' })
}

async function typeCode(view) {
  const boxes = await waitFor(() => part(view, 'code-input')?.querySelectorAll('input'), 'the code boxes')
  boxes[0].focus()
  await sendKeys({ type: '123456' })
}

/** Replaces a field's text as a user would: select all, type, then leave the field. */
async function typeInto(input, text) {
  input.focus()
  input.select()
  await sendKeys({ type: text })
  input.blur()
}

async function press(view, text) {
  ;(await waitFor(() => button(view, text), `'${text}'`)).click()
}

/** A sign-in whose code send the server refuses with `code`: the error screen it routes to. */
const refusedSend = (code, status, title) => ({
  title,
  script: { ...signedOut, sendCode: async () => Promise.reject(apiError(code, status)) },
  request: { intent: 'login' },
  act: submitEmail,
})

const transferRequired = (otherUser) => apiError('account_transfer_required', 400, { nonce: 'nonce-1', account: { displayName: 'ada@example.com' }, otherUser })
const transfer = {
  title: 'Email address is associated with another account',
  script: { ...signedIn, submitCode: async () => Promise.reject(transferRequired({ embeddedWalletAddress: `0x${'ef'.repeat(20)}` })) },
  request: { intent: 'link', method: 'email' },
  act: async (view) => {
    await submitEmail(view)
    await typeCode(view)
  },
}

/** An app with every funding method (the funding screens' fixture config). */
export const fundingConfig = {
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

/** A sign-in whose wallet creation waits on the walk: 'Creating your wallet' first, then the created screen. */
function walletCreated() {
  let finishCreation = null
  const create = () => new Promise((resolve) => (finishCreation = () => resolve(`0x${'12'.repeat(20)}`)))
  return {
    title: 'Welcome to Fixture App',
    request: { intent: 'login' },
    script: { ...signedOut, embeddedWallets: { createOnLogin: ['ethereum'], create } },
    act: async (view) => {
      await submitEmail(view)
      await typeCode(view)
      await waitFor(() => finishCreation, 'the wallet creation')
      finishCreation()
    },
    holdsSuccess: true,
  }
}

/**
 * Each screen's visit: the client script, what to do to the client before the view opens (`prepare`), the request it
 * opens on (default: the screen itself, as a wallet flow opens, so most screens are reached in one step), what a
 * user does there to reach the screen (`act`) and, where steps pass other screens, the title that shows it arrived.
 */
export const visits = {
  landing: { request: { intent: 'login' }, script: { ...signedOut, config: { loginMethods: ['email', 'sms', 'google', 'passkey', 'wallet', 'farcaster'] } } },
  code: { prepare: (client) => client.auth.email.sendCode('ada@example.com') },
  error: refusedSend('invalid_data', 422, 'Request failed'),
  'more-options': {
    title: 'More options',
    request: { intent: 'login' },
    script: {
      ...signedOut,
      config: {
        loginMethods: ['email', 'sms', 'google', 'github', 'apple', 'discord'],
        loginMethodsAndOrder: { primary: ['github', 'google', 'sms', 'apple', 'discord'], overflow: ['email'] },
      },
    },
    act: async (view) => (await waitFor(() => part(view, 'overflow-button'), "'More options'")).click(),
  },
  phone: { request: { intent: 'link', method: 'sms' } },
  'sms-code': { prepare: (client) => client.auth.sms.sendCode('+15555550123') },
  oauth: { request: { intent: 'link', method: 'google' } },
  passkey: {
    title: 'Waiting for passkey',
    request: { intent: 'login' },
    script: { ...signedOut, config: { loginMethods: ['email', 'passkey'] }, passkey: { run: () => new Promise(() => {}) } },
    act: (view) => press(view, 'I have a passkey'),
  },
  'passkey-choice': { script: { config: { passkeysForSignup: true } } },
  'allowlist-denied': refusedSend('allowlist_rejected', 403, "You don't have access to this app"),
  'user-limit': refusedSend('max_accounts_reached', 403, 'Unable to sign in'),
  'account-not-found': refusedSend('user_does_not_exist', 403, 'Account not found'),
  captcha: {},
  terms: {},
  'account-transfer': transfer,
  'account-transfer-assets': {
    ...transfer,
    title: 'Check account assets before transferring',
    act: async (view) => (await transfer.act(view), press(view, 'Continue')),
  },
  'wallet-picker': {
    request: { intent: 'link', method: 'wallet' },
    script: { ...signedIn, wallets: { options: [walletOption('MetaMask', { id: 'io.metamask' })] } },
  },
  'wallet-connect-or-create': { request: { intent: 'connect-or-create' }, script: { ...signedIn } },
  'wallet-status': {
    title: /^Waiting for MetaMask/,
    request: { intent: 'link', method: 'wallet' },
    script: { ...signedIn, wallets: { options: [walletOption('MetaMask', { id: 'io.metamask' })] } },
    act: async (view) => (await waitFor(() => part(view, 'wallet-name'), 'the MetaMask row')).closest('button').click(),
  },
  farcaster: { fixture: 'scripted', request: { intent: 'link', method: 'farcaster' } },
  telegram: {
    fixture: 'scripted',
    request: { intent: 'link', method: 'telegram' },
    // The scripted client answers a new idle object on each read: one stable snapshot, as the real client keeps.
    prepare(client) {
      const idle = client.auth.telegram.getState()
      client.auth.telegram.getState = () => idle
    },
  },
  'cross-app': {
    request: { intent: 'link', method: `privy:${PROVIDER}` },
    script: { ...signedIn, config: { loginMethods: ['email', `privy:${PROVIDER}`], crossAppProviders: [{ appId: PROVIDER, name: 'Provider App' }] } },
  },
  'wallet:creating': {},
  'wallet:created': walletCreated(),
  'password:create': {},
  'password:save': {},
  'password:confirm': {},
  'password:acknowledge': {},
  'password:done': {},
  'password:enter': {},
  'password:auto-secure': {},
  'recovery:select': {},
  'recovery:splash': {},
  'recovery:sign-in-again': {},
  'cloud:backup': {},
  'cloud:confirm': {},
  'mfa:verify': { script: { mfa: { enrolled: ['totp', 'sms'] } }, prepare: (client) => void client.mfa.walletAction().catch(() => {}) },
  'mfa:enroll': {},
  'mfa:enroll-totp': {},
  'mfa:enroll-sms': {},
  'mfa:enroll-passkey': {},
  'mfa:passkeys': {},
  'mfa:remove-totp': {},
  'mfa:remove-sms': {},
  'mfa:remove-passkey': {},
  'key:export': { script: { ...signedIn, ...ethereumWallet } },
  'key:import': {},
  'farcaster:signer': { script: { ...signedIn, embeddedWallets: { ...ethereumWallet.embeddedWallets, farcasterSignerPublicKey: `0x${'aa'.repeat(32)}` } } },
  'delegation:consent': { script: { ...signedIn, ...ethereumWallet } },
  'delegation:revoke': {},
  'wallets:list': { script: { ...signedIn, ...ethereumWallet } },
  'transaction:confirm': {
    script: { ...signedIn, ...ethereumWallet },
    prepare: (client) => attachConfirmations(client.embeddedWallets).ethereumTransaction({ summary: ethereumSummary() }),
  },
  'funding:flow': { script: { ...signedIn, config: { fundingConfig } }, prepare: (client) => client.funding.open({}) },
}

const queued = (enqueue, wallets = ethereumWallet) => ({
  screen: 'transaction:confirm',
  script: { ...signedIn, ...wallets },
  prepare: (client) => enqueue(attachConfirmations(client.embeddedWallets)),
})
const fundingStep = (data, title, funding = {}) => ({
  screen: 'funding:flow',
  title,
  script: { ...signedIn, config: { fundingConfig }, funding },
  prepare: (client) => client.funding.open(data),
})

/** The external-wallet transfer in `status` (the funding fixture's shape; the core moves it through these). */
const walletTransfer = (transfer, title) => {
  const from = { address: payingAddress, name: 'MetaMask', chain: 'ethereum', chainId: transfer.bridged ? 11155111 : 84532 }
  return fundingStep(
    { step: 'transfer', amount: '0.05', transfer: { from, bridged: false, summary: null, hash: null, error: null, refundUrl: null, ...transfer } },
    title,
  )
}
const transferSummary = { total: ethAmount(5n * 10n ** 16n), to: fundingAddress, network: 'Base Sepolia', estimatedFee: null }
const transferFailure = new TesseraError({ code: 'transaction_failure', shortMessage: 'The bridge could not fill the request.' })
const cardStatus = (card, title = 'Fund account') => fundingStep({ step: 'card-status', fundingMethod: 'card', card }, title)

/** A confirmation that fails before approval: its error view. */
const failed = (error, hash) => ({ ...queued((queue) => queue.ethereumTransaction({ status: 'error', error, hash })), title: 'Something went wrong' })

/**
 * A confirmation (`enqueue`, default an Ethereum transaction) approved and then completed with `receipt` (the screen
 * opens only on a pending one); its success is held on screen.
 */
function completed(receipt, title, enqueue = (queue) => queue.ethereumTransaction({ summary: ethereumSummary() }), wallets = ethereumWallet) {
  let queue = null
  return {
    screen: 'transaction:confirm',
    title,
    holdsSuccess: true,
    script: { ...signedIn, ...wallets },
    prepare: (client) => void enqueue((queue = attachConfirmations(client.embeddedWallets))),
    act: async (view) => {
      ;(await waitFor(() => part(view, 'approve-button'), 'the confirmation')).click()
      queue.update(queue.queue()[0].id, { status: 'complete', receipt })
    },
  }
}
const receipt = (status) => ({ hash: `0x${'12'.repeat(32)}`, status, blockNumber: 1n, gasUsed: 21000n, explorerUrl: 'https://sepolia.etherscan.io/tx/0x12' })

/** The password wizard walked to its end with a password the fake sets: 'Success' (the walk reaches 'password:done' only as a failure otherwise). */
const passwordSet = {
  screen: 'password:done',
  title: 'Success',
  script: { ...signedIn, embeddedWallets: { wallets: [{ chainType: 'ethereum', recoveryMethod: 'privy' }] } },
  // Not automatic: a flow the user started waits for Close rather than closing after the success delay.
  request: { intent: 'wallet', screen: 'password:create' },
  act: async (view) => {
    const submit = () => part(view, 'submit-button')
    await typeInto(await waitFor(() => part(view, 'password-input'), 'the password input'), 'Abcdef12!xyz')
    ;(await waitFor(() => !submit().disabled && submit(), 'Continue on create')).click()
    await waitFor(() => part(view, 'password-save') || view.shadow.querySelector('h2')?.textContent === 'Save your password', 'the save step')
    submit().click()
    await typeInto(await waitFor(() => part(view, 'password-confirm-input'), 'the confirm input'), 'Abcdef12!xyz')
    ;(await waitFor(() => !submit().disabled && submit(), 'Continue on confirm')).click()
    ;(await waitFor(() => part(view, 'password-acknowledge'), 'the acknowledgement')).click()
    ;(await waitFor(() => !submit().disabled && submit(), "'Set Password'")).click()
  },
}

/** Further states of screens that draw several (`screen` names the one they open on). */
export const variants = {
  'transaction:confirm (sign message)': queued((queue) => queue.signMessage({ message: 'Sign in to Fixture App\nNonce: 42' })),
  'transaction:confirm (Solana)': queued((queue) => queue.solanaTransaction({ summary: solanaSummary() }), {
    embeddedWallets: { wallets: [{ chainType: 'solana', recoveryMethod: 'privy' }] },
  }),
  'funding:flow (receive)': fundingStep({ step: 'receive', amount: '0.05' }),
  'funding:flow (wallets)': fundingStep({ step: 'wallets' }),
  'funding:flow (amount)': fundingStep({ step: 'amount' }),
  'funding:flow (transfer confirm)': walletTransfer({ status: 'confirm', summary: transferSummary }, 'Confirm transfer'),
  'funding:flow (transfer submitting)': walletTransfer({ status: 'submitting', summary: transferSummary }, 'Transfer from wallet'),
  'funding:flow (transfer success)': walletTransfer({ status: 'success', hash: '0x12' }, 'Success!'),
  'funding:flow (transfer error)': walletTransfer({ status: 'error', error: transferFailure }, 'Something went wrong'),
  'funding:flow (bridging)': walletTransfer({ status: 'bridging', bridged: true, hash: '0x12' }, 'Bridging funds'),
  'funding:flow (bridging failed)': walletTransfer(
    { status: 'error', bridged: true, hash: '0x12', error: transferFailure, refundUrl: 'https://relay.link/transaction/0xabc' },
    'Transaction failed',
  ),
  'funding:flow (bridge source network)': {
    ...fundingStep(
      { step: 'amount', sourceChains: [{ chainId: 11155111, name: 'Sepolia', balance: ethAmount(15n * 10n ** 17n) }], balance: ethAmount(10n ** 16n) },
      'Transfer from another network',
      { bridged: true },
    ),
    act: async (view) => (await waitFor(() => part(view, 'funding-continue'), 'Continue')).click(),
  },
  'funding:flow (card in progress)': cardStatus({ provider: 'coinbase', experience: 'buy', status: 'pending-in-flow' }),
  'funding:flow (card processing)': cardStatus({ provider: 'moonpay', status: 'waitingAuthorization' }),
  'funding:flow (card funded)': cardStatus({ provider: 'coinbase', experience: 'buy', status: 'success' }),
  'transaction:confirm (receipt)': completed(receipt('success'), 'Transaction complete!'),
  'transaction:confirm (reverted)': completed(receipt('reverted'), 'Transaction failed'),
  'transaction:confirm (Solana signed)': completed(
    { signature: '5ig', explorerUrl: null },
    'Transaction signed!',
    (queue) => queue.solanaTransaction({ signOnly: true }),
    { embeddedWallets: { wallets: [{ chainType: 'solana', recoveryMethod: 'privy' }] } },
  ),
  'transaction:confirm (error)': failed(transferFailure, `0x${'ef'.repeat(32)}`),
  'password:done (success)': passwordSet,
}

/** Opens the fixture view on `screen` (see `visits`) in `host`, with the built styles; resolves once its heading shows. */
export async function openScreen(host, name) {
  const visit = visits[name] ?? variants[name]
  assert(visit, `no visit for the screen '${name}': add one to elements/auth-modal/screen-walk.js`)
  const screen = visit.screen ?? name
  const props = { onClose: () => {}, onLoginSuccess: () => {}, onAuthError: () => {}, request: visit.request ?? { intent: 'wallet', screen, automatic: true } }
  // The Farcaster and Telegram flows' states live in the scripted client (auth-modal-view fixture).
  const client =
    visit.fixture === 'scripted'
      ? scripted.createScriptedClient({ ...signedIn, sendCode: async () => {}, loginWithCode: () => new Promise(() => {}) })
      : createAccessClient({ ...signedIn, ...visit.script })
  visit.prepare?.(client)
  const mounted = visit.fixture === 'scripted' ? scripted.mountView(host, { client, ...props }) : mountAccessView(host, { client, ...props })
  mounted.shadow.adoptedStyleSheets = [await builtStyles]
  // A success screen closes the modal after its delay: the walk keeps it on screen while axe reads it.
  const release = visit.holdsSuccess ? holdSuccessDelay() : () => {}
  const opened = await arrive(mounted, name, visit).catch((error) => {
    release()
    throw error
  })
  return { ...mounted, client, heading: opened, release }
}

/** Does what the visit does to reach `screen`, then waits for its heading (the view opens on the landing and moves on once the screen's chunk has loaded). */
async function arrive(mounted, screen, visit) {
  await visit.act?.({ shadow: mounted.shadow })
  const arrived = () => {
    const heading = mounted.shadow.querySelector('h2')
    const loading = mounted.shadow.textContent.includes('Loading…')
    const text = heading?.textContent ?? ''
    const expected =
      visit.title === undefined
        ? screen === 'landing' || text !== 'Log in or sign up'
        : typeof visit.title === 'string'
          ? text === visit.title
          : visit.title.test(text)
    return heading && !loading && expected && heading
  }
  const heading = await waitFor(arrived, `the screen '${screen}'`, 4000).catch((error) => {
    throw new Error(`${error.message}: ${mounted.shadow.textContent.slice(0, 200)}`)
  })
  return heading
}

/** Until released, timers of the success delay (SUCCESS_SCREEN_DELAY_MS, 1400 ms) never fire. */
function holdSuccessDelay() {
  const realSetTimeout = window.setTimeout
  window.setTimeout = (callback, delay, ...args) => (delay === 1400 ? 0 : realSetTimeout(callback, delay, ...args))
  return () => void (window.setTimeout = realSetTimeout)
}

/** An app's accent that reads at only 4.03:1 on white as configured (the palette must make it readable). */
export const APP_ACCENT = '#6a6ff5'

/**
 * Axe over the screen in `theme` ('light' or 'dark'), with the default accent and then with `APP_ACCENT` from the
 * app's config (the element's instance sheet, after the shared one, as the elements adopt them).
 */
export async function assertScreenAccessible(view, screen, theme) {
  view.shadow.host.setAttribute('theme', theme)
  await assertAccessible(view.shadow, `${screen} (${theme})`)
  const instance = new CSSStyleSheet()
  instance.replaceSync(hostThemeCss({ configTheme: 'light', accentColor: APP_ACCENT }))
  view.shadow.adoptedStyleSheets = [await builtStyles, instance]
  try {
    await assertAccessible(view.shadow, `${screen} (${theme}, accent ${APP_ACCENT})`)
  } finally {
    view.shadow.adoptedStyleSheets = [await builtStyles]
  }
}
