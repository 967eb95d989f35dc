import type { EmbeddedChainType } from '../../../src/protocol/index.js'
import type { KeyEncryptionKeys } from '../secrets/key-encryption-keys.js'
import type { SealedColumn } from '../secrets/sealed-columns.js'
import { openBytes, sealBytes } from '../secrets/sealed-text.js'
import type { StoredKey } from './key-store.js'

type KeyBinding = Pick<StoredKey, 'appId' | 'id' | 'chainType'>

/** AEAD associated data: a sealed key copied to another row (app, key id or chain) does not open. */
export const signerKeyAad = (key: KeyBinding) => `tessera_signer.wallet_keys.sealed_key\n${key.appId}\n${key.id}\n${key.chainType}`

export const sealSignerKey = (keys: KeyEncryptionKeys, privateKey: Uint8Array, key: KeyBinding): Promise<string> =>
  sealBytes(keys, privateKey, signerKeyAad(key))

/** The private key (the caller zeroes it); throws SealedValueError when the sealed text was altered or moved. */
export const openSignerKey = (keys: KeyEncryptionKeys, key: StoredKey): Promise<Uint8Array> => openBytes(keys, key.sealedKey, signerKeyAad(key))

/** The signer's sealed keys as `keys rotate` walks them (secrets/reseal.ts). */
export const signerKeysColumn: SealedColumn = {
  name: 'tessera_signer.wallet_keys.sealed_key',
  select: 'SELECT id, sealed_key AS stored, app_id, chain_type FROM tessera_signer.wallet_keys WHERE left(sealed_key, length($1)) <> $1 ORDER BY id',
  aad: (row) => signerKeyAad({ id: String(row.id), appId: String(row.app_id), chainType: row.chain_type as EmbeddedChainType }),
  update: 'UPDATE tessera_signer.wallet_keys SET sealed_key = $2 WHERE id = $1 AND sealed_key = $3',
}
