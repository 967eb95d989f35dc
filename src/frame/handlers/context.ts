/** What every handler works with: the app the frame serves, the server's share endpoints and this device's shares. */
import type { EmbeddedChainType, EntropyIdVerifier } from '../../protocol/index.js'
import type { FrameApi } from '../api.js'
import type { ScryptParams } from '../custody/seal-password.js'
import type { DeviceShareStore } from '../device-store.js'

export interface FrameContext {
  appId: string
  api: FrameApi
  deviceShares: DeviceShareStore
  /** The password KDF's cost; the shipped default unless a test lowers it (opening reads it from the sealed blob). */
  passwordKdf?: ScryptParams
}

export const chainOfVerifier = (verifier: EntropyIdVerifier): EmbeddedChainType =>
  verifier === 'ethereum-address-verifier' ? 'ethereum' : 'solana'
