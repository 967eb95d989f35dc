// The Farcaster signer screen in Chromium through the fixture bundle (wallet spec, "States and transitions": "Farcaster signer"; "The error catalogue"): the
// embedded wallet's key is asked for, the approval link shows as a QR code with open and copy links, approval shows
// success and closes the modal after the shared delay; revoked is 'Request rejected', 300 s is 'Connect failed' /
// 'The request timed out. Try again.', no key is 'Connect failed'; 'Try again' asks again; closing stops the wait.
import { sendKeys } from '@web/test-runner-commands'
import { assert, assertEqual, assertInlineQr, waitFor } from './browser-assertions.js'
import { setupAccessView } from './access-view.js'

const { TesseraError } = await import('/.test-data/browser-fixtures/access-screens.js')

const KEY = `0x${'ab'.repeat(32)}`
const APPROVAL_URL = `https://farcaster.xyz/~/signed-key-request?token=t&key=${KEY}&fid=42`

/** A signer request the test settles itself; every call's key and options are kept. */
function controlledSigner() {
  const requests = []
  return {
    requests,
    requestFarcasterSigner: (publicKey, options) => new Promise((resolve, reject) => void requests.push({ publicKey, options, resolve, reject })),
  }
}

const open = (signer, farcasterSignerPublicKey = KEY) =>
  setupAccessView(
    {
      embeddedWallets: { wallets: [{ chainType: 'ethereum', recoveryMethod: 'privy' }], farcasterSignerPublicKey },
      requestFarcasterSigner: signer.requestFarcasterSigner,
    },
    { request: { intent: 'wallet', screen: 'farcaster:signer' } },
  )

describe('Farcaster signer screen', () => {
  it('shows the approval link as a QR code with open and copy links, then success, and closes after the delay', async () => {
    const signer = controlledSigner()
    const view = open(signer)
    await waitFor(() => view.title() === 'Add a Farcaster signer', 'the signer screen')
    const request = await waitFor(() => signer.requests[0], 'the signer request')
    assertEqual(request.publicKey, KEY, "the embedded wallet's key is asked for")
    request.options.onPendingApproval({ publicKey: KEY, signerApprovalUrl: APPROVAL_URL })

    const qr = await waitFor(() => view.part('farcaster-signer-qr-code'), 'the QR code')
    assertInlineQr(qr, { label: 'QR code of the signer approval link, to open in the Farcaster app', size: 275 })
    assertEqual(view.part('farcaster-signer-open').getAttribute('href'), APPROVAL_URL, 'the open link')
    assertEqual(view.part('farcaster-signer-open').textContent, 'Open in Farcaster', 'its text')
    assertEqual(view.part('farcaster-signer-copy-link').textContent, 'Copy link', 'the copy button')
    assertEqual(view.part('farcaster-signer-waiting').textContent, 'Waiting for approval...', 'waiting')
    assertEqual(view.part('farcaster-signer-waiting').closest('[role="status"]')?.getAttribute('aria-live'), 'polite', 'announced politely')

    request.resolve({ status: 'approved', publicKey: KEY, fid: 42 })
    await waitFor(() => view.title() === 'Signer added', 'the success')
    assertEqual(view.part('farcaster-signer-done').textContent, 'This app can now post to Farcaster for you.', 'the success text')
    const shownAt = performance.now()
    await waitFor(() => view.events.closed === 1, 'closed after the success delay', 4000)
    assert(performance.now() - shownAt > 1000, 'the success stays for the shared delay')
  })

  it("revoked is 'Request rejected'; 'Try again' from the keyboard asks again", async () => {
    const signer = controlledSigner()
    const view = open(signer)
    const first = await waitFor(() => signer.requests[0], 'the signer request')
    first.reject(new TesseraError({ code: 'unable_to_sign', shortMessage: 'Request rejected' }))
    await waitFor(() => view.title() === 'Request rejected', 'the rejection')
    assertEqual(view.part('farcaster-signer-error'), null, 'no further text')
    view.part('retry-button').focus()
    await sendKeys({ press: 'Enter' })
    await waitFor(() => signer.requests.length === 2, 'asked again')
    assertEqual(view.title(), 'Add a Farcaster signer', 'back to the request')
  })

  it("300 s without approval is 'Connect failed' / 'The request timed out. Try again.'", async () => {
    const signer = controlledSigner()
    const view = open(signer)
    const request = await waitFor(() => signer.requests[0], 'the signer request')
    request.reject(
      new TesseraError({ code: 'client_request_timeout', shortMessage: 'Connect failed', details: 'The request timed out. Try again.', retryable: true }),
    )
    await waitFor(() => view.title() === 'Connect failed', 'the failure')
    assertEqual(view.part('farcaster-signer-error').textContent, 'The request timed out. Try again.', 'the time-out text')
    assertEqual(view.part('retry-button').textContent, 'Try again', 'a retry')
  })

  it("without an embedded signer key it is 'Connect failed', and nothing is requested", async () => {
    const signer = controlledSigner()
    const view = open(signer, null)
    await waitFor(() => view.title() === 'Connect failed', 'the failure')
    assertEqual(signer.requests.length, 0, 'no request')
  })

  it('closing the modal stops the wait', async () => {
    const signer = controlledSigner()
    const view = open(signer)
    const request = await waitFor(() => signer.requests[0], 'the signer request')
    view.part('close-button').click()
    await waitFor(() => request.options.signal.aborted, 'the request aborted')
  })
})
