/**
 * Embedded wallets behind the client's facade (wallet spec, "Entities and their fields" and "States and transitions"; src/frame/README.md "Key custody"): creation, connection and recovery
 * through the wallet frame, and the providers that sign through it. Loaded on first use; viem and @solana/web3.js
 * load later still, with the first provider. The work is in ./actions, each taking the shared state (./state.ts).
 */
import type { FrameRequestData } from '../../../protocol/index.js'
import { frameNotInitializedError } from '../../errors/embedded-wallet-errors.js'
import { connect } from './actions/connect.js'
import { createLoginWallets } from './actions/create-login-wallets.js'
import { create } from './actions/create.js'
import { forgetDevice } from './actions/forget-device.js'
import { callFrame, callFrameOnce, frameClient } from './actions/frame-call.js'
import { generateAuthorizationSignature } from './actions/generate-authorization-signature.js'
import { getChains } from './actions/get-chains.js'
import { getEthereumProvider } from './actions/get-ethereum-provider.js'
import { getSolanaProvider } from './actions/get-solana-provider.js'
import { importWallet } from './actions/import-wallet.js'
import { openKeyExportFrame } from './actions/open-key-export-frame.js'
import { recover } from './actions/recover.js'
import { sendTransaction } from './actions/send-transaction.js'
import { sessionSignersDeps } from './actions/session-signers-deps.js'
import { setRecovery } from './actions/set-recovery.js'
import { signAuthorization } from './actions/sign-authorization.js'
import { signMessage } from './actions/sign-message.js'
import { signTransaction } from './actions/sign-transaction.js'
import { signTypedData } from './actions/sign-typed-data.js'
import { syncWallets } from './actions/status.js'
import { watchLogins, watchUser } from './actions/watch-session.js'
import { withWallet } from './actions/with-wallet.js'
import { delegatedActions } from './delegated-actions.js'
import type { EmbeddedWalletsDeps } from './deps.js'
import { farcasterSignerKey } from './farcaster-signer-key.js'
import type { EmbeddedWalletsImpl } from './lazy-embedded-wallets.js'
import { addSessionSigners, removeSessionSigners } from './session-signers.js'
import { createEmbeddedWalletsContext } from './state.js'
import type { EmbeddedWallet } from './types.js'

/** All but the wallet-standard wallet, which the page announcements own (for-client.ts). */
export function createEmbeddedWallets(deps: EmbeddedWalletsDeps): Omit<EmbeddedWalletsImpl, 'getSolanaStandardWallet'> {
  const context = createEmbeddedWalletsContext(deps)
  syncWallets(context, deps.getUser())
  const stopWatchingUser = watchUser(context)
  const stopWatchingLogins = watchLogins(context)
  // Delegation and the Farcaster key call the frame on a wallet connected (or recovered) first.
  const walletCall = <E extends keyof FrameRequestData>(wallet: EmbeddedWallet, event: E, data: Omit<FrameRequestData[E], 'accessToken'>) =>
    withWallet(context, wallet, () => callFrame(context, event, data))
  const delegation = delegatedActions({
    wallets: () => deps.state.get().wallets,
    call: walletCall,
    revoke: () => (deps.revokeDelegatedWallets ? deps.revokeDelegatedWallets() : Promise.reject(frameNotInitializedError())),
    replaceUser: deps.replaceUser,
  })

  return {
    callFrame: (event, data, mfa) => callFrameOnce(context, event, data, mfa),
    warmUpFrame: () => void (deps.page && frameClient(context).warmUp()),
    create: (options) => create(context, options),
    createLoginWallets: (input) => createLoginWallets(context, input),
    connect: () => connect(context),
    recover: (input) => recover(context, input),
    setRecovery: (input, options) => setRecovery(context, input, options),
    importWallet: (input) => importWallet(context, input),
    keyExportFrame: (input) => openKeyExportFrame(context, input),
    getChains: () => getChains(context),
    getEthereumProvider: (address) => getEthereumProvider(context, address),
    getSolanaProvider: (address) => getSolanaProvider(context, address),
    ...farcasterSignerKey({ wallets: () => deps.state.get().wallets, call: walletCall }),
    ...delegation,
    addSessionSigners: async (input) => addSessionSigners(sessionSignersDeps(context, delegation), input),
    removeSessionSigners: async (input) => removeSessionSigners(sessionSignersDeps(context, delegation), input),
    signMessage: (input, options) => signMessage(context, input, options),
    signTypedData: (input, options) => signTypedData(context, input, options),
    signTransaction: (input, options) => signTransaction(context, input, options),
    signAuthorization: (input) => signAuthorization(context, input),
    sendTransaction: (input, options) => sendTransaction(context, input, options),
    generateAuthorizationSignature: (request) => generateAuthorizationSignature(context, request),
    destroy() {
      stopWatchingUser()
      stopWatchingLogins()
      forgetDevice(context)
      context.runtime.frame?.destroy()
      context.runtime.frame = null
    },
  }
}
