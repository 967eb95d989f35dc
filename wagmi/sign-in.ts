/**
 * Connecting while signed out: the page's `<auth-modal>` (the place users sign in) opens, and the connection waits
 * until the user is signed in with an Ethereum wallet; closing the modal first cancels it.
 */
import { UserRejectedRequestError } from 'viem'
import type { TesseraClient } from '../src/core/index.js'
import { ethereumWallets, watchSelection } from './selected-wallet.js'

/** Shows the sign-in; rejects when the user gives up. `signal` aborts once the user is signed in. */
export type OpenSignIn = (input: { signal: AbortSignal }) => Promise<void> | void

interface AuthModalLike extends HTMLElement {
  start?(request?: { intent: 'login' }): void
}

/** The default: the first `<auth-modal>` of the page opens; its `modalclose` cancels. */
export const openAuthModal: OpenSignIn = ({ signal }) =>
  new Promise<void>((_resolve, reject) => {
    const modal = globalThis.document?.querySelector<AuthModalLike>('auth-modal')
    if (!modal) return reject(new Error('Tessera signs users in through <auth-modal>: add one to the page (tessera/elements), or pass `openSignIn`.'))
    const cancel = () => reject(new UserRejectedRequestError(new Error('The user closed the sign-in.')))
    modal.addEventListener('modalclose', cancel, { once: true, signal })
    if (typeof modal.start === 'function') modal.start({ intent: 'login' })
    else modal.setAttribute('open', '')
  })

/** Resolves once `condition` holds, re-checked whenever the client's auth or wallets change. */
function whenTrue(client: TesseraClient, condition: () => boolean, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (!condition()) return
      stop()
      resolve()
    }
    const stop = watchSelection(client, check)
    signal.addEventListener('abort', stop, { once: true })
    check()
  })
}

/**
 * The user's Ethereum wallet, once there is one: the app's create-on-login makes it at sign-in; with that setting
 * off, the connector asks for one. A failed creation rejects.
 */
async function walletReady(client: TesseraClient, signal: AbortSignal): Promise<void> {
  await client.ready
  const failed = new Promise<never>((_resolve, reject) => {
    const stop = client.embeddedWallets.watchState((state) => state.status === 'error' && state.error && reject(state.error))
    signal.addEventListener('abort', stop, { once: true })
  })
  if (
    !ethereumWallets(client).length &&
    client.getConfig().config.embeddedWallets.ethereum.createOnLogin === 'off' &&
    client.embeddedWallets.getState().status !== 'creating'
  ) {
    await client.embeddedWallets.create({ chainType: 'ethereum' })
  }
  await Promise.race([whenTrue(client, () => ethereumWallets(client).length > 0, signal), failed])
}

/** Signs the user in when needed (through `openSignIn`), then waits for their Ethereum wallet. */
export async function signedInWithWallet(client: TesseraClient, openSignIn: OpenSignIn): Promise<void> {
  await client.ready
  if (client.getAuth().status !== 'authenticated') {
    const signingIn = new AbortController()
    const signedIn = whenTrue(client, () => client.getAuth().status === 'authenticated', signingIn.signal)
    try {
      await Promise.race([signedIn, Promise.resolve(openSignIn({ signal: signingIn.signal })).then(() => signedIn)])
    } finally {
      signingIn.abort()
    }
  }
  const waiting = new AbortController()
  await walletReady(client, waiting.signal).finally(() => waiting.abort())
}
