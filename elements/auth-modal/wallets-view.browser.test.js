// The wallets view ('wallets:list') in Chromium, and the React wrapper's WalletsDialog that opens it: each embedded
// wallet's chain and address with 'Copy address', or 'No wallets yet'; axe clean.
import { assertAccessible, assertEqual, waitFor } from './browser-assertions.js'
import { setupAccessView } from './access-view.js'

const { mountWalletsDialog } = await import('/.test-data/browser-fixtures/react-wrapper.js')

describe('The wallets view', () => {
  it("lists each embedded wallet's chain and shortened address, each with 'Copy address'", async () => {
    const view = setupAccessView(
      {
        embeddedWallets: {
          wallets: [
            { chainType: 'ethereum', recoveryMethod: 'privy' },
            { chainType: 'solana', recoveryMethod: 'privy' },
          ],
        },
      },
      { request: { intent: 'wallet', screen: 'wallets:list' } },
    )
    await waitFor(() => view.title() === 'Wallets', 'the wallets view')
    const wallets = view.client.embeddedWallets.getState().wallets
    const items = view.parts('wallets-item')
    assertEqual(items.length, 2, 'one row per wallet')
    assertEqual(
      items.map((item) => item.querySelector('[part="wallets-address"]').getAttribute('title')),
      wallets.map((wallet) => wallet.address),
      'the full addresses',
    )
    assertEqual(
      items.map((item) => item.textContent.split(' ')[0]),
      ['Ethereum', 'Solana'],
      'the chains',
    )
    assertEqual(
      view.parts('wallets-copy').map((button) => button.textContent),
      ['Copy address', 'Copy address'],
      'the copy buttons',
    )
    await assertAccessible(view.shadow, 'the wallets view')
  })
})

describe('WalletsDialog', () => {
  it("opens the provider's modal on the wallets view", async () => {
    const host = document.createElement('div')
    document.body.append(host)
    mountWalletsDialog(host, { appId: 'tessera-test-app-00000193', apiUrl: 'http://127.0.0.1:9' })
    const modal = await waitFor(() => host.querySelector('auth-modal'), 'the provider modal')
    await waitFor(() => modal.shadowRoot.querySelector('[part="title"]')?.textContent === 'Wallets', 'the wallets view in the modal')
    await waitFor(() => modal.shadowRoot.querySelector('[part="body"]')?.textContent.includes('No wallets yet'), 'no wallets while signed out')
  })
})
