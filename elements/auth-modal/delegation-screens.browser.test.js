// The delegated-wallet screens in Chromium through the fixture bundle (wallet spec, "Screens and routes": "Cross-app and delegation"; "States and transitions":
// "Delegated wallets"): the consent says which app, which wallet and what it means, with 'Accept' and 'Not now';
// accepting is pending, then success that closes after the shared delay, or the error with 'Try again'. The revoke
// view has 'Confirm' and 'Deny'.
import { assert, assertEqual, waitFor } from './browser-assertions.js'
import { setupAccessView } from './access-view.js'

const { TesseraError } = await import('/.test-data/browser-fixtures/access-screens.js')

const ethereumAddress = `0x${'ab'.repeat(20)}`
const open = (screen, embeddedWallets = {}, request = {}) =>
  setupAccessView(
    { embeddedWallets: { wallets: [{ chainType: 'ethereum', recoveryMethod: 'privy' }], ...embeddedWallets } },
    { request: { intent: 'wallet', screen, ...request } },
  )
const delegated = (view) => view.client.embeddedWallets.getState().wallets.map((wallet) => wallet.delegated)

describe('Offline access consent', () => {
  it('names the wallet and what the app may do; Accept is pending, then success that closes by itself', async () => {
    let finish
    const view = open('delegation:consent', { delegate: () => new Promise((resolve) => (finish = resolve)) }, { address: ethereumAddress })
    await waitFor(() => view.title() === 'Allow offline access', 'the consent')
    const body = view.part('body').textContent
    assert(body.includes('even while you are offline'), 'what the app may do')
    assert(body.includes('You can revoke access at any time.'), 'that it can be revoked')
    assertEqual(view.part('delegation-address').textContent, '0xabab…abab', 'the shortened address')
    assertEqual(view.part('delegation-address').getAttribute('title'), ethereumAddress, 'the full address on hover')
    assertEqual(view.part('delegation-decline').textContent, 'Not now', 'the decline button')
    view.part('delegation-accept').click()
    await waitFor(() => view.part('body').textContent.includes('Setting up offline access...'), 'pending')
    finish()
    await waitFor(() => view.title() === 'Offline access granted', 'success')
    assertEqual(delegated(view), [true], 'the wallet is delegated')
    await waitFor(() => view.events.closed === 1, 'closed after the success delay', 4000)
  })

  it("shows a failure with 'Try again', which delegates on a second try", async () => {
    let attempts = 0
    const delegate = async () => {
      if (++attempts === 1) throw new TesseraError({ code: 'embedded_wallet_request_error', shortMessage: 'Delegated actions are not enabled for this app' })
    }
    const view = open('delegation:consent', { delegate }, { address: ethereumAddress })
    const accept = await waitFor(() => view.part('delegation-accept'), 'the consent')
    accept.click()
    await waitFor(() => view.part('delegation-error')?.textContent === 'Delegated actions are not enabled for this app', 'the failure')
    assertEqual(view.title(), 'Something went wrong', 'its title')
    view.part('retry-button').click()
    await waitFor(() => view.title() === 'Offline access granted', 'success on retry')
    assertEqual(attempts, 2, 'tried twice')
  })

  it("'Not now' closes without delegating; an address that is not the user's says so", async () => {
    const view = open('delegation:consent', {}, { address: ethereumAddress })
    const decline = await waitFor(() => view.part('delegation-decline'), 'the consent')
    decline.click()
    await waitFor(() => view.events.closed === 1, 'closed')
    assertEqual(delegated(view), [false], 'nothing delegated')
    const stranger = open('delegation:consent', {}, { address: `0x${'cd'.repeat(20)}` })
    await waitFor(() => stranger.part('delegation-error')?.textContent === 'Address to delegate is not associated with current user.', 'the refusal')
  })
})

describe('Revoke offline access', () => {
  it('has Confirm and Deny; Confirm revokes every delegation', async () => {
    const view = open('delegation:revoke')
    await view.client.embeddedWallets.delegateWallet({ address: ethereumAddress, chainType: 'ethereum' })
    await waitFor(() => view.title() === 'Revoke offline access', 'the revoke view')
    assertEqual(view.part('delegation-decline').textContent, 'Deny', 'Deny')
    assertEqual(view.part('delegation-accept').textContent, 'Confirm', 'Confirm')
    view.part('delegation-accept').click()
    await waitFor(() => view.title() === 'Access revoked', 'revoked')
    assertEqual(delegated(view), [false], 'no longer delegated')
  })
})
