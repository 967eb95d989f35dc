// The cloud backup and recovery screens in Chromium through the fixture bundle (wallet spec, "Screens and routes": "Recovery method
// selection", "Recovery with a cloud provider"): the selection's rows follow the app's options and hide the current
// cloud method; a backup starts in the row's click and shows its progress, success or failure with 'Try again';
// iCloud's refusal shows as a failure; a recovery asks 'Confirm it's really you' first and starts in that click.
import { assert, assertEqual, waitFor } from './browser-assertions.js'
import { setupAccessView } from './access-view.js'

const { TesseraError } = await import('/.test-data/browser-fixtures/access-screens.js')

const privyWallets = [
  { chainType: 'ethereum', recoveryMethod: 'privy' },
  { chainType: 'solana', recoveryMethod: 'privy' },
]
const driveWallets = [
  { chainType: 'ethereum', recoveryMethod: 'google-drive' },
  { chainType: 'solana', recoveryMethod: 'google-drive' },
]
const embeddedConfig = (userOwnedRecoveryOptions) => ({
  createOnLogin: 'off',
  ethereum: { createOnLogin: 'off' },
  solana: { createOnLogin: 'off' },
  requireUserPasswordOnCreate: false,
  showWalletUIs: true,
  userOwnedRecoveryOptions,
})

function open(screen, embeddedWallets, options = ['user-passcode', 'google-drive']) {
  return setupAccessView({ embeddedWallets, config: { embeddedWallets: embeddedConfig(options) } }, { request: { intent: 'wallet', screen } })
}

/** A promise settled from the test: the core's call in flight. */
function pending() {
  let settle
  const promise = new Promise((resolve, reject) => (settle = { resolve, reject }))
  return { promise, ...settle }
}

describe('recovery selection with cloud backups', () => {
  it('offers the app’s options only, and not the current cloud method', async () => {
    const offered = open('recovery:select', { wallets: privyWallets }, ['user-passcode', 'google-drive', 'icloud'])
    await waitFor(() => offered.title() === 'Secure your account', 'the selection')
    assertEqual(offered.part('recovery-google-drive')?.textContent, 'Back up to Google Drive', 'the Drive row')
    assertEqual(offered.part('recovery-icloud')?.textContent, 'Back up to Apple iCloud', 'the iCloud row')
    assertEqual(offered.part('recovery-password')?.textContent, 'Set a password', 'the password row')

    const passwordOnly = open('recovery:select', { wallets: privyWallets }, ['user-passcode'])
    await waitFor(() => passwordOnly.title() === 'Secure your account', 'the selection')
    assertEqual(passwordOnly.part('recovery-google-drive'), null, 'no Drive row when the app does not offer it')
    assertEqual(passwordOnly.part('recovery-icloud'), null, 'no iCloud row')

    const current = open('recovery:select', { wallets: driveWallets })
    await waitFor(() => current.title() === 'Update backup method', 'the selection when changing')
    assertEqual(current.part('recovery-google-drive'), null, 'Google Drive is the current method: not offered again')
    assert(current.part('recovery-password'), 'a password still is')
  })

  it('the Drive row starts the backup in its click: progress, then success; a failure offers Try again', async () => {
    const first = pending()
    const second = pending()
    const answers = [first.promise, second.promise]
    const view = open('recovery:select', { wallets: privyWallets, setRecovery: () => answers.shift() })
    const recoverySet = []
    const onSet = (event) => recoverySet.push(event.detail.recoveryMethod)
    document.addEventListener('walletrecoveryset', onSet)
    try {
      await waitFor(() => view.part('recovery-google-drive'), 'the Drive row')
      view.part('recovery-google-drive').click()
      // In the click itself: the core was called before the next screen loaded.
      assertEqual(view.client.embeddedWallets.calls.setRecovery.length, 1, 'setRecovery called in the click')
      assertEqual(view.client.embeddedWallets.calls.setRecovery[0].input.method, 'google-drive', 'for Google Drive')
      await waitFor(() => view.title() === 'Backing up with', 'the progress title')
      assertEqual(view.part('cloud-working').textContent, 'Google Drive', 'the provider')

      first.reject(new TesseraError({ code: 'invalid_credentials', shortMessage: 'Recovery OAuth failed' }))
      await waitFor(() => view.title() === 'Back up with Google Drive unsuccessful', 'the failure title')
      assertEqual(view.part('cloud-error').textContent, 'Recovery OAuth failed', 'why')
      view.button('Try again').click()
      assertEqual(view.client.embeddedWallets.calls.setRecovery.length, 2, 'Try again calls the core in its own click')
      await waitFor(() => view.title() === 'Backing up with', 'in progress again')
      second.resolve()
      await waitFor(() => view.part('cloud-done')?.textContent === 'Successfully backed up with Google Drive.', 'the success')
      await waitFor(() => view.events.closed === 1, 'closes itself after the delay')
      assertEqual(recoverySet.join(), 'google-drive', 'walletrecoveryset announced the method')
    } finally {
      document.removeEventListener('walletrecoveryset', onSet)
    }
  })

  it('iCloud’s refusal by the server shows as the backup’s failure', async () => {
    const view = open(
      'recovery:select',
      {
        wallets: privyWallets,
        setRecovery: async () => {
          throw new TesseraError({ code: 'not_supported', shortMessage: 'iCloud recovery is not available for this app' })
        },
      },
      ['google-drive', 'icloud'],
    )
    await waitFor(() => view.part('recovery-icloud'), 'the iCloud row')
    assertEqual(view.part('recovery-password'), null, 'no password row when the app does not offer it')
    view.part('recovery-icloud').click()
    await waitFor(() => view.title() === 'Back up with Apple iCloud unsuccessful', 'the failure')
    assertEqual(view.part('cloud-error').textContent, 'iCloud recovery is not available for this app', 'the server’s reason')
  })
})

describe('recovery with Google Drive', () => {
  it("asks 'Confirm it's really you' first; the button's click recovers, a failure offers Try again", async () => {
    const answers = [Promise.reject(new TesseraError({ code: 'exited_update_flow', shortMessage: 'User exited the recovery flow' })), Promise.resolve()]
    answers[0].catch(() => undefined)
    const view = open('cloud:confirm', { wallets: driveWallets, cloudRecovery: () => answers.shift() })
    await waitFor(() => view.title() === "Confirm it's really you", 'the confirmation')
    assert(view.shadow.textContent.includes('Please verify that you are selecting the Google Drive account associated with your backup.'), 'the detail')
    assertEqual(view.client.embeddedWallets.calls.recovered.length, 0, 'nothing starts by itself')
    view.button('Confirm with Google Drive').click()
    assertEqual(view.client.embeddedWallets.calls.recovered.join(), 'google-drive', 'recover called in the click')
    await waitFor(() => view.title() === 'Recovery with Google Drive unsuccessful', 'the failure')
    assertEqual(view.part('cloud-error').textContent, 'User exited the recovery flow', 'why')
    view.button('Try again').click()
    assertEqual(view.client.embeddedWallets.calls.recovered.length, 2, 'Try again recovers in its own click')
    await waitFor(() => view.part('cloud-done')?.textContent === 'Successfully recovered with Google Drive.', 'the success')
    await waitFor(() => view.events.closed === 1, 'closes itself after the delay')
  })
})
