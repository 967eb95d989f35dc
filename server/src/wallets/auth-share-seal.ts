import type { KeyEncryptionKeys } from '../secrets/key-encryption-keys.js'
import { openText, sealText } from '../secrets/sealed-text.js'
import type { SealBinding } from './recovery-seal.js'
import type { ShareSet } from './store.js'

/** Binds a sealed auth share to its share set and version: copied into another row or version, it does not open. */
export const authShareAad = (binding: SealBinding) => `wallet_share_sets.auth_share\n${binding.appId}\n${binding.entropyId}\n${binding.shareVersion}`

/** The auth share as stored: sealed with the key-encryption key (docs/security.md #44, #62). */
export const sealAuthShare = (keys: KeyEncryptionKeys, share: string, binding: SealBinding): Promise<string> => sealText(keys, share, authShareAad(binding))

/** The share set's auth share in clear, for release or for the server's own delegated signing. */
export const openAuthShare = (keys: KeyEncryptionKeys, shareSet: ShareSet): Promise<string> =>
  openText(keys, shareSet.authShareSealed, authShareAad({ appId: shareSet.appId, entropyId: shareSet.entropyId, shareVersion: shareSet.shareVersion }))
