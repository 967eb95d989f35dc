// The wallet-creation screens in Chromium through the fixture bundle (wallet spec, "Screens and routes": "Wallet creation and
// confirmation"; "States and transitions": "Wallet creation"): 'Creating your wallet' while the core makes the login's wallets
// (Ethereum, then Solana), then the wallet-created screen, which closes itself; a failure shows 'Something went wrong'.
import { sendKeys } from '@web/test-runner-commands'
import { assert, assertEqual, waitFor } from './browser-assertions.js'
import { setupAccessView } from './access-view.js'

const { fixtureUser, TesseraError } = await import('/.test-data/browser-fixtures/access-screens.js')

/** A creation the test finishes itself, per chain. */
function controlledCreation() {
  const pending = {}
  return {
    pending,
    create: (chainType) => new Promise((resolve, reject) => void (pending[chainType] = { resolve, reject })),
  }
}

async function signInByEmail(view) {
  const input = await waitFor(() => view.part('email-input'), 'the email input')
  input.focus()
  await sendKeys({ type: 'ada@example.com' })
  await sendKeys({ press: 'Enter' })
  const boxes = await waitFor(() => view.part('code-input')?.querySelectorAll('input'), 'the code boxes')
  boxes[0].focus()
  await sendKeys({ type: '123456' })
}

describe('wallet creation after login', () => {
  it("'Creating your wallet' until both wallets exist, then 'Welcome to {app}', then the modal closes with the login", async () => {
    const creation = controlledCreation()
    const view = setupAccessView({ embeddedWallets: { createOnLogin: ['ethereum', 'solana'], create: creation.create } })
    await signInByEmail(view)
    await waitFor(() => view.title() === 'Creating your wallet', 'the creating screen')
    assertEqual(view.part('embedded-wallet-status').textContent, 'Please wait...', 'the wait text')
    assertEqual(view.part('embedded-wallet-status').closest('[role="status"]')?.getAttribute('aria-live'), 'polite', 'announced politely')
    assertEqual(view.events.success.length, 0, 'the login waits for the wallets')

    await waitFor(() => creation.pending.ethereum, 'the Ethereum creation')
    creation.pending.ethereum.resolve(`0x${'12'.repeat(20)}`)
    await waitFor(() => creation.pending.solana, 'the Solana creation, after Ethereum')
    assertEqual(view.title(), 'Creating your wallet', 'still creating while Solana is made')
    assertEqual(view.client.embeddedWallets.calls.created, ['ethereum', 'solana'], 'Ethereum first, then Solana')
    creation.pending.solana.resolve('So1anaFixtureAddress2222222222222222222222')

    await waitFor(() => view.title() === 'Welcome to Fixture App', 'the wallet-created screen')
    assertEqual(view.part('embedded-wallet-created').textContent, "You've successfully created an account.", 'the new-user text')
    assertEqual(view.events.closed, 0, 'shown before closing')
    const shownAt = performance.now()
    await waitFor(() => view.events.closed === 1, 'closed after the success delay', 4000)
    const shownFor = performance.now() - shownAt
    assert(shownFor > 1000, `the created screen stays for the success delay (closed after ${Math.round(shownFor)} ms)`)
    assertEqual(view.events.success.length, 1, 'loginsuccess once')
    assertEqual(view.events.success[0].isNewUser, true, 'a new user')
  })

  it("a returning user reads 'All set!' and 'Your account is secured.'", async () => {
    const creation = controlledCreation()
    const view = setupAccessView({ embeddedWallets: { createOnLogin: ['solana'], create: creation.create } })
    await waitFor(() => view.title(), 'the landing')
    // The core's creation listener may be registered after the modal's (it loads with the first login): it still counts.
    view.client.on('login', () => view.client.embeddedWallets.createOnLogin())
    view.client.emit('login', { user: fixtureUser(), isNewUser: false, loginMethod: 'email' })
    await waitFor(() => view.title() === 'Creating your wallet', 'the creating screen')
    creation.pending.solana.resolve('So1anaFixtureAddress3333333333333333333333')
    await waitFor(() => view.title() === 'All set!', 'the wallet-created screen')
    assertEqual(view.part('embedded-wallet-created').textContent, 'Your account is secured.', 'the returning-user text')
    await waitFor(() => view.events.closed === 1, 'closes itself', 4000)
    assertEqual(
      view.events.success.map((detail) => detail.isNewUser),
      [false],
      'the login reported',
    )
  })

  it("a failed creation shows 'Something went wrong', reports the error and no login; Close closes", async () => {
    const creation = controlledCreation()
    const view = setupAccessView({ embeddedWallets: { createOnLogin: ['ethereum', 'solana'], create: creation.create } })
    await signInByEmail(view)
    await waitFor(() => creation.pending.ethereum, 'the Ethereum creation')
    creation.pending.ethereum.reject(new TesseraError({ code: 'embedded_wallet_creation_error', shortMessage: 'Could not create wallet' }))
    await waitFor(() => view.title() === 'Something went wrong', 'the failure')
    assertEqual(view.events.errors, ['embedded_wallet_creation_error'], 'autherror with the core error')
    assertEqual(view.client.embeddedWallets.calls.created, ['ethereum'], 'no Solana wallet after a failed Ethereum one')
    const close = view.button('Close')
    assert(close && close.localName === 'button', 'a Close button')
    close.focus()
    await sendKeys({ press: 'Enter' })
    await waitFor(() => view.events.closed === 1, 'closed')
    assertEqual(view.events.success.length, 0, 'no loginsuccess')
  })

  it('closing while the wallets are made still reports the login', async () => {
    const creation = controlledCreation()
    const view = setupAccessView({ embeddedWallets: { createOnLogin: ['ethereum'], create: creation.create } })
    await signInByEmail(view)
    await waitFor(() => view.title() === 'Creating your wallet', 'the creating screen')
    view.part('close-button').click()
    await waitFor(() => view.events.closed === 1, 'closed')
    assertEqual(view.events.success.length, 1, 'loginsuccess reported on close')
  })

  it('a login that creates nothing closes at once', async () => {
    const view = setupAccessView()
    await signInByEmail(view)
    await waitFor(() => view.events.closed === 1, 'closed')
    assertEqual(view.events.success.length, 1, 'loginsuccess')
    assertEqual(view.client.embeddedWallets.calls.created, [], 'no wallet made')
  })
})
