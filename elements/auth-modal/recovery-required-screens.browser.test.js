// The recovery selection in create mode in Chromium through the fixture bundle (wallet spec, "States and transitions": "Wallet creation":
// with user-owned recovery required, recovery selection comes first): while a login's creation waits, the Drive row
// creates the login's wallets backed up to Drive in its click and, after the success message, the modal closes (no
// held login); the password row goes straight to 'Set your password', whose Back returns to the selection.
import { assert, assertEqual, waitFor } from './browser-assertions.js'
import { setupAccessView } from './access-view.js'

const embeddedConfig = {
  createOnLogin: 'all-users',
  ethereum: { createOnLogin: 'all-users' },
  solana: { createOnLogin: 'all-users' },
  requireUserPasswordOnCreate: false,
  requireUserOwnedRecoveryOnCreate: true,
  showWalletUIs: true,
  userOwnedRecoveryOptions: ['user-passcode', 'google-drive', 'icloud'],
}

function waitingSelection(screen = 'recovery:select', config = embeddedConfig) {
  const view = setupAccessView(
    { embeddedWallets: { createOnLogin: ['ethereum', 'solana'], passwordOnCreate: true }, config: { embeddedWallets: config } },
    { request: { intent: 'wallet', screen, automatic: true } },
  )
  // The login's creation waits for the user's recovery before the selection (a lazy screen) mounts.
  view.client.embeddedWallets.createOnLogin()
  return view
}

describe('recovery selection, create mode', () => {
  it('the Drive row creates both wallets backed up to Drive, shows the success message, then closes', async () => {
    const view = waitingSelection()
    await waitFor(() => view.title() === 'Secure your account', 'the selection')
    assertEqual(view.part('recovery-icloud'), null, 'iCloud cannot create wallets: not offered')
    view.part('recovery-google-drive').click()
    const embedded = view.client.embeddedWallets
    // In the click itself: the provider's window opens inside it.
    assertEqual(embedded.calls.createPasswords, ['google-drive'], 'createLoginWallets called in the click, with Drive')
    await waitFor(() => view.part('cloud-done')?.textContent === 'Successfully backed up with Google Drive.', 'the success message')
    assertEqual(embedded.calls.created, ['ethereum', 'solana'], 'Ethereum, then Solana')
    assert(
      embedded.getState().wallets.every((wallet) => wallet.recoveryMethod === 'google-drive'),
      'both wallets backed up to Drive',
    )
    await waitFor(() => view.events.closed === 1, 'closed after the success delay')
    assertEqual(view.calls.logout, 0, 'the user stays signed in')
  })

  it('the password row goes straight to the wizard, and Back returns to the selection', async () => {
    const view = waitingSelection()
    await waitFor(() => view.part('recovery-password'), 'the password row')
    view.part('recovery-password').click()
    await waitFor(() => view.title() === 'Set your password', 'the create step, no splash')
    view.part('back-button').click()
    await waitFor(() => view.title() === 'Secure your account', 'back on the selection')
    assertEqual(view.client.embeddedWallets.calls.created, [], 'nothing created yet')
    assertEqual(view.calls.logout, 0, 'still signed in')
  })

  it('with Google Drive the only method, its backup screen opens first and its button creates the wallets', async () => {
    const view = waitingSelection('cloud:backup', { ...embeddedConfig, userOwnedRecoveryOptions: ['google-drive'] })
    await waitFor(() => view.part('cloud-confirm')?.textContent === 'Confirm with Google Drive', "the provider's button: its click opens the window")
    const embedded = view.client.embeddedWallets
    assertEqual(embedded.calls.createPasswords, [], 'nothing before the click')
    view.part('cloud-confirm').click()
    assertEqual(embedded.calls.createPasswords, ['google-drive'], 'createLoginWallets called in the click, with Drive')
    await waitFor(() => view.part('cloud-done')?.textContent === 'Successfully backed up with Google Drive.', 'the success message')
    assertEqual(embedded.calls.created, ['ethereum', 'solana'], 'Ethereum, then Solana')
    await waitFor(() => view.events.closed === 1, 'closed after the success delay')
    assertEqual(view.calls.logout, 0, 'the user stays signed in')
  })
})
