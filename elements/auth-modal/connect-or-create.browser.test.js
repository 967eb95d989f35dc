// The connect-or-create intent (`start({ intent: 'connect-or-create' })`, the React wrapper's useConnectOrCreateWallet)
// in Chromium through the fixture bundle: signed out, the wallet sign-in (then the app's create-on-login); signed in
// without an embedded Ethereum wallet, the choice to connect one or create it; with one, linking an external wallet.
import { assertAccessible, assertEqual, waitFor } from './browser-assertions.js'
import { setupAccessView } from './access-view.js'

const { fixtureUser, walletOption, TesseraError } = await import('/.test-data/browser-fixtures/access-screens.js')

const metamask = walletOption('MetaMask', { id: 'io.metamask' })
const embeddedAccount = { type: 'wallet', address: `0x${'ab'.repeat(20)}`, chainType: 'ethereum', connectorType: 'embedded', walletClientType: 'privy' }

function setup(script = {}) {
  const view = setupAccessView(
    { config: { loginMethods: ['email', 'wallet'] }, ...script, wallets: { options: [metamask], ...script.wallets } },
    { request: { intent: 'connect-or-create' } },
  )
  const pick = async () => (await waitFor(() => view.parts('wallet-option')[0], 'the MetaMask row')).click()
  return { ...view, pick }
}

describe('connect-or-create', () => {
  it("signed out: opens on the wallet picker, signs in with the wallet, then the app's wallet is created and the login reported", async () => {
    const user = fixtureUser({ id: 'did:privy:wallet-user', hasAcceptedTerms: true })
    const view = setup({ wallets: { connectAndSignIn: async () => user }, embeddedWallets: { createOnLogin: ['ethereum'] } })
    await waitFor(() => view.title() === 'Select your wallet', 'the sign-in picker')
    await view.pick()
    assertEqual(view.client.wallets.calls.connect[0].options.intent, 'login', 'a sign-in')
    await waitFor(() => view.events.success.length === 1, 'the login reported', 4000)
    assertEqual(view.events.success[0].user.id, 'did:privy:wallet-user', 'the user')
    assertEqual(view.client.embeddedWallets.calls.created, ['ethereum'], "the embedded wallet (the app's create-on-login)")
  })

  it('signed in without an embedded wallet: offers connecting or creating (axe clean); creating makes the Ethereum wallet, then closes', async () => {
    const view = setup({ user: fixtureUser({ hasAcceptedTerms: true }) })
    await waitFor(() => view.title() === 'Connect or create a wallet', 'the choice')
    assertEqual(
      view.parts('method-button').map((row) => row.textContent),
      ['Connect a wallet', 'Create a new wallet'],
      'the two choices',
    )
    await assertAccessible(view.shadow, 'the connect-or-create choice')
    view.button('Create a new wallet').click()
    await waitFor(() => view.title() === 'All set!' && view.part('connect-or-create-status')?.textContent === 'Your wallet is ready.', 'the created wallet')
    assertEqual(view.client.embeddedWallets.calls.created, ['ethereum'], 'one Ethereum wallet')
    assertEqual(view.events.closed, 0, 'the success shows first')
    await waitFor(() => view.events.closed === 1, 'closed after the success delay', 4000)
  })

  it('signed in without an embedded wallet: a failed creation shows the error screen and reports it', async () => {
    const failure = new TesseraError({ code: 'embedded_wallet_create_error', shortMessage: 'Failed to create wallet' })
    const view = setup({ user: fixtureUser({ hasAcceptedTerms: true }), embeddedWallets: { create: async () => Promise.reject(failure) } })
    ;(await waitFor(() => view.button('Create a new wallet'), 'the create choice')).click()
    await waitFor(() => view.events.errors.includes('embedded_wallet_create_error'), 'the error reported')
    await waitFor(() => view.part('error'), 'the error screen')
  })

  it("signed in without an embedded wallet: 'Connect a wallet' links one through the picker, and the link is reported", async () => {
    const user = fixtureUser({ hasAcceptedTerms: true })
    const view = setup({ user, wallets: { connectAndSignIn: async () => user } })
    ;(await waitFor(() => view.button('Connect a wallet'), 'the connect choice')).click()
    await waitFor(() => view.title() === 'Link a wallet', 'the link picker')
    await view.pick()
    assertEqual(view.client.wallets.calls.connect[0].options.intent, 'link', 'a link')
    await waitFor(() => view.events.links.length === 1, 'the link reported', 4000)
    assertEqual(view.events.success.length, 0, 'no login')
  })

  it('signed in with an embedded wallet: opens on linking an external wallet', async () => {
    const view = setup({ user: fixtureUser({ hasAcceptedTerms: true, linkedAccounts: [embeddedAccount] }) })
    await waitFor(() => view.title() === 'Link a wallet', 'the link picker')
  })
})
