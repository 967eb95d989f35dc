/**
 * The cipher suite of server-managed wallet export (the reference's): HPKE base mode, DHKEM(P-256, HKDF-SHA256),
 * HKDF-SHA256, ChaCha20-Poly1305. The signer seals with it, the export frame opens with it. Not re-exported by the
 * protocol barrel: only those two load it.
 */
import { Chacha20Poly1305 } from '@hpke/chacha20poly1305'
import { CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from '@hpke/core'

export const walletExportSuite = (): CipherSuite => new CipherSuite({ kem: new DhkemP256HkdfSha256(), kdf: new HkdfSha256(), aead: new Chacha20Poly1305() })
