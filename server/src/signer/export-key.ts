import { exportedKeyText } from '../../../src/protocol/custody/exported-key.js'
import { walletExportSuite } from '../../../src/protocol/custody/wallet-export-hpke.js'
import { invalidData } from '../http/api-error.js'
import { NOT_A_P256_PUBLIC_KEY, parseP256PublicKey } from '../server-wallets/p256-key.js'
import { requireKey, withOpenedKey } from './opened-key.js'
import type { SignerDeps } from './signer-deps.js'
import type { SealedKeyExport } from './types.js'

const notARecipientKey = () => invalidData(`Invalid request body: recipient_public_key: ${NOT_A_P256_PUBLIC_KEY}`)

/** The caller's HPKE recipient key (base64 SPKI DER, P-256), checked again here: the signer trusts no caller's shapes. */
async function recipientKey(text: string): Promise<CryptoKey> {
  if (typeof text !== 'string' || !parseP256PublicKey(text)) throw notARecipientKey()
  return crypto.subtle.importKey('spki', Buffer.from(text, 'base64'), { name: 'ECDH', namedCurve: 'P-256' }, true, []).catch(() => {
    throw notARecipientKey()
  })
}

/**
 * Seals one of the app's keys to the caller's P-256 key (HPKE, wallet-export-hpke.ts), here in the signer, so only
 * ciphertext ever leaves this process. The plaintext is the key as export screens show it; every copy is zeroed.
 */
export async function exportKey(deps: SignerDeps, params: { appId: string; keyId: string; recipientPublicKey: string }): Promise<SealedKeyExport> {
  const recipientPublicKey = await recipientKey(params.recipientPublicKey)
  const key = await requireKey(deps, params.appId, params.keyId)
  return withOpenedKey(deps, key, async (privateKey) => {
    const plaintext = new TextEncoder().encode(exportedKeyText(key.chainType, privateKey))
    try {
      const { enc, ct } = await walletExportSuite().seal({ recipientPublicKey }, plaintext)
      return { encapsulatedKey: Buffer.from(enc).toString('base64'), ciphertext: Buffer.from(ct).toString('base64') }
    } finally {
      plaintext.fill(0)
    }
  })
}
