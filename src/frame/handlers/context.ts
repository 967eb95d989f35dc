/** What every handler works with: the app the frame serves, the server's share endpoints and this device's shares. */
import type { EmbeddedChainType, EntropyIdVerifier } from '../../protocol/index.js'
import type { FrameApi } from '../api.js'
import type { ScryptParams } from '../custody/seal-password.js'
import type { DeviceShareStore } from '../device-store.js'
import { FrameError } from '../errors.js'
import type { CloudKeyStore } from '../recovery/google-drive.js'
import type { ServerWalletContext } from '../server-wallets/authorized-rpc.js'

export interface FrameContext {
  appId: string
  api: FrameApi
  deviceShares: DeviceShareStore
  /** Where cloud-recovered wallets keep their recovery key (the user's Google Drive app-data folder); none: not offered. */
  cloudKeys?: CloudKeyStore
  /** The password KDF's cost; the shipped default unless a test lowers it (opening reads it from the sealed blob). */
  passwordKdf?: ScryptParams
  /** The user signer and wallet API of server-managed (`privy-v2`) wallets; none: this frame signs on the device only. */
  serverWallets?: ServerWalletContext
  /** The app's `embedded_wallets.mode`: with server wallets only, creation and import go to the wallet API. */
  serverWalletsOnly?: boolean
}

/** The server-wallet context, or a refusal when this frame has none. */
export function requireServerWallets(context: FrameContext): ServerWalletContext {
  if (!context.serverWallets) throw new FrameError('error', 'Server-managed wallets are not available')
  return context.serverWallets
}

export const chainOfVerifier = (verifier: EntropyIdVerifier): EmbeddedChainType => (verifier === 'ethereum-address-verifier' ? 'ethereum' : 'solana')

/** The cloud key store, or the spec's refusal when this frame has none. */
export function requireCloudKeys(context: FrameContext): CloudKeyStore {
  if (!context.cloudKeys) throw new FrameError('error', 'Unsupported recovery action')
  return context.cloudKeys
}
