// The key screens in Chromium through the fixture bundle (funding spec, "Screens and routes": "Key export"; wallet spec, "States and transitions": private-key
// import): 'Export wallet' with its instruction, warning, wallet card and the export frame; a wallet that cannot be
// opened says so; the import form refuses a malformed key with 'Invalid private key' and shows the imported wallet.
import { sendKeys } from '@web/test-runner-commands'
import { assert, assertEqual, waitFor } from './browser-assertions.js'
import { setupAccessView } from './access-view.js'

const { TesseraError } = await import('/.test-data/browser-fixtures/access-screens.js')

const ethereumAddress = `0x${'ab'.repeat(20)}`
const open = (screen, embeddedWallets, request = {}) =>
  setupAccessView(
    { embeddedWallets: { wallets: [{ chainType: 'ethereum', recoveryMethod: 'privy' }], ...embeddedWallets } },
    { request: { intent: 'wallet', screen, ...request } },
  )

describe('Export wallet', () => {
  it('shows the instruction, the warning, the wallet card and the export frame of the wallet asked for', async () => {
    const view = open('key:export', { exportFrameUrl: 'about:blank#export' }, { address: ethereumAddress })
    await waitFor(() => view.title() === 'Export wallet', 'the export screen')
    const body = await waitFor(() => view.part('export-frame') && view.part('body'), 'the export frame')
    assert(body.textContent.includes('Copy either your private key or seed phrase to export your wallet.'), 'the instruction')
    assertEqual(view.part('export-warning').textContent, 'Never share your private key or seed phrase with anyone.', 'the warning')
    assertEqual(view.part('wallet-address').textContent, ethereumAddress, 'the wallet card')
    const frame = view.part('export-frame')
    assertEqual(frame.getAttribute('src'), 'about:blank#export', 'the frame of that wallet')
    assertEqual(frame.getAttribute('allow'), 'clipboard-write', 'the frame may copy')
    assertEqual(view.client.embeddedWallets.calls.exported, [ethereumAddress], 'asked for once')
    view.part('close-button').click()
    await waitFor(() => view.client.embeddedWallets.calls.exportsFinished === 1, 'closing reports the export done')
  })

  it('a wallet the client cannot open shows an error instead of a frame', async () => {
    const view = open('key:export', {}, { address: ethereumAddress })
    await waitFor(() => view.part('error')?.textContent === 'Unable to load this wallet. Please try again.', 'the failure')
    assertEqual(view.part('export-frame'), null, 'no frame')
  })
})

describe('Import wallet', () => {
  it("refuses a malformed key with 'Invalid private key', clears the field, and shows the imported wallet", async () => {
    const imported = []
    const importWallet = async ({ privateKey, chainType }) => {
      imported.push(chainType)
      if (privateKey !== 'good-key') throw new TesseraError({ code: 'embedded_wallet_request_error', shortMessage: 'Invalid private key' })
      return `0x${'cd'.repeat(20)}`
    }
    const view = open('key:import', { importWallet })
    await waitFor(() => view.title() === 'Import wallet', 'the import screen')
    assert(view.part('submit-button').disabled, 'nothing to import yet')
    view.part('import-key-input').focus()
    await sendKeys({ type: 'bad-key' })
    await sendKeys({ press: 'Enter' })
    await waitFor(() => view.part('import-error')?.textContent === 'Invalid private key', 'the refusal')
    assertEqual(view.part('import-key-input').value, '', 'the key is cleared')
    view.part('import-key-input').focus()
    await sendKeys({ type: 'good-key' })
    await sendKeys({ press: 'Enter' })
    await waitFor(() => view.part('import-done')?.textContent === 'Wallet imported', 'the imported wallet')
    assertEqual(view.part('wallet-address').textContent, `0x${'cd'.repeat(20)}`, 'its address')
    assertEqual(imported, ['ethereum', 'ethereum'], 'Ethereum by default')
  })
})
