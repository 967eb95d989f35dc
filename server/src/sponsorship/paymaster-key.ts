import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import type { Queryable } from '../db/types.js'
import { serverSecretAad } from '../keys/server-secret.js'
import type { KeyEncryptionKeys } from '../secrets/key-encryption-keys.js'
import { openText, sealText } from '../secrets/sealed-text.js'

/** The app's paymaster signing key lives in server_secrets, sealed with the key-encryption key (rotated with the others). */
const secretName = (appId: string) => `gas-sponsorship-paymaster-key:${appId}`

/** Sets (or replaces) the key whose address the app's VerifyingPaymaster contracts trust as `verifyingSigner`. */
export async function storePaymasterKey(db: Queryable, keys: KeyEncryptionKeys, appId: string, privateKey: `0x${string}`): Promise<`0x${string}`> {
  const { address } = privateKeyToAccount(privateKey)
  const name = secretName(appId)
  await db.query('INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value', [
    name,
    await sealText(keys, privateKey, serverSecretAad(name)),
  ])
  return address
}

/** The app's paymaster signer for one request, or null when none was set. */
export async function loadPaymasterAccount(db: Queryable, keys: KeyEncryptionKeys, appId: string): Promise<PrivateKeyAccount | null> {
  const name = secretName(appId)
  const [row] = await db.query<{ value: string }>('SELECT value FROM server_secrets WHERE name = $1', [name])
  return row ? privateKeyToAccount((await openText(keys, row.value, serverSecretAad(name))) as `0x${string}`) : null
}
