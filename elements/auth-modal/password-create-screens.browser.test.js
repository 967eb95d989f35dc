// The password wizard in create mode in Chromium through the fixture bundle (wallet spec, "States and transitions": "Password wizard",
// create-with-password): opened while a login's creation waits for the password the app requires, its 'Set Password'
// creates the login's wallets (Ethereum, then Solana) with the password instead of setting one on existing wallets.
import { sendKeys } from '@web/test-runner-commands'
import { assert, assertEqual, waitFor } from './browser-assertions.js'
import { setupAccessView } from './access-view.js'

const PASSWORD = 'Create-With-Pass-2026!'

async function typeInto(input, text) {
  input.focus()
  input.select()
  await sendKeys({ press: 'Backspace' })
  await sendKeys({ type: text })
  input.blur()
}

describe('password wizard, create mode', () => {
  it("'Set Password' creates both wallets with the password; without a held login the modal then closes", async () => {
    const view = setupAccessView(
      { embeddedWallets: { createOnLogin: ['ethereum', 'solana'], passwordOnCreate: true } },
      { request: { intent: 'wallet', screen: 'password:create', automatic: true } },
    )
    // The login's creation waits for the password before the wizard (a lazy screen) mounts, as after a real login.
    view.client.embeddedWallets.createOnLogin()
    assertEqual(view.client.embeddedWallets.getState().status, 'creating', 'the creation waits')

    await waitFor(() => view.title() === 'Set your password', 'the create step')
    assertEqual(view.part('back-button'), null, 'no back: the flow did not come from the selection')
    await typeInto(view.part('password-input'), PASSWORD)
    view.part('submit-button').click()
    await waitFor(() => view.title() === 'Save your password', 'the save step')
    view.part('submit-button').click()
    await waitFor(() => view.title() === 'Confirm your password', 'the confirm step')
    await typeInto(view.part('password-confirm-input'), PASSWORD)
    await waitFor(() => !view.part('submit-button').disabled, 'matching passwords')
    view.part('submit-button').click()
    await waitFor(() => view.title() === 'Confirm you have saved', 'the acknowledge step')
    assertEqual(view.part('cancel-button'), null, 'no Cancel: the product opened the flow')
    assertEqual(view.client.embeddedWallets.calls.created, [], 'nothing created before Set Password')
    view.part('password-acknowledge').click()
    await waitFor(() => !view.part('submit-button').disabled, 'the acknowledgement enables Set Password')
    assertEqual(view.part('submit-button').textContent, 'Set Password', 'the button')
    view.part('submit-button').click()

    await waitFor(() => view.events.closed === 1, 'closed once the wallets exist')
    const embedded = view.client.embeddedWallets
    assertEqual(embedded.calls.createPasswords, [PASSWORD], 'the password went to the creation')
    assertEqual(embedded.calls.created, ['ethereum', 'solana'], 'Ethereum, then Solana')
    assertEqual(embedded.calls.setRecovery, [], 'no password set on existing wallets')
    assert(
      embedded.getState().wallets.every((wallet) => wallet.recoveryMethod === 'user-passcode'),
      'both wallets use the password',
    )
    assertEqual(view.calls.logout, 0, 'the user stays signed in')
  })
})
