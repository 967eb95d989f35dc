import { walletNotConnectedError } from '../errors.js'
import type { ConnectedWalletData, WalletSignInOptions } from '../types.js'
import type { User } from '../../user/types.js'
import { assertIntentAllowed } from './assert-intent-allowed.js'
import type { WalletEngineDeps } from './deps.js'
import { findSession } from './find-session.js'
import { inFlow } from './in-flow.js'
import { publishConnected } from './publish-connected.js'
import { signInContext } from './sign-in-context.js'
import { updateFlow } from './update-flow.js'
import { updateWallet } from './update-wallet.js'

/** The wire's walletClientType: the known wallet's id (metamask, phantom, ...) when the wallet is one. */
const wireClientType = ({ state }: WalletEngineDeps, walletId: string) => state.discovery?.find(walletId)?.known?.id ?? walletId

/** SIWE or SIWS (by the session's chain) over a connected wallet; the wallet is linked after. */
export function signIn(deps: WalletEngineDeps, wallet: ConnectedWalletData, signInOptions: WalletSignInOptions = {}): Promise<User> {
  const intent = signInOptions.intent ?? 'login'
  return inFlow(deps, 'generating-message', { intent, address: wallet.address }, async (started) => {
    assertIntentAllowed(deps, intent)
    const session = findSession(deps.state, wallet.walletClientType, wallet.address)
    if (!session) throw walletNotConnectedError()
    const client = { walletClientType: wireClientType(deps, wallet.walletClientType), connectorType: wallet.connectorType }
    const context = signInContext(deps, started, session.chain === 'ethereum' ? 'siwe' : 'siws', signInOptions, client, () => session.wallet.address)
    const user =
      session.chain === 'ethereum'
        ? await (await import('../../auth/siwe/sign-in-with-ethereum.js')).signInWithEthereum(context, {
            provider: session.provider,
            address: session.wallet.address,
            chainId: Number(session.wallet.chainId.split(':')[1]),
          })
        : await (await import('../../auth/siws/sign-in-with-solana.js')).signInWithSolana(
            context,
            { wallet: session.solana, account: session.account },
            signInOptions.solanaMessageType,
          )
    updateWallet(deps, session, { linked: true })
    publishConnected(deps)
    updateFlow(deps, started, { status: 'done', error: null })
    return user
  })
}
