import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import type { Queryable } from '../db/types.js'
import { readGivenSecret, storeGivenSecret } from '../keys/server-secret.js'
import type { KeyEncryptionKeys } from '../secrets/key-encryption-keys.js'

/** The app's paymaster signing key lives in server_secrets, sealed with the key-encryption key (rotated with the others). */
const secretName = (appId: string) => `gas-sponsorship-paymaster-key:${appId}`

/** Sets (or replaces) the key whose address the app's VerifyingPaymaster contracts trust as `verifyingSigner`. */
export async function storePaymasterKey(db: Queryable, keys: KeyEncryptionKeys, appId: string, privateKey: `0x${string}`): Promise<`0x${string}`> {
  await storeGivenSecret(db, keys, secretName(appId), privateKey)
  return privateKeyToAccount(privateKey).address
}

/** The app's paymaster signer for one request, or null when none was set. */
export async function loadPaymasterAccount(db: Queryable, keys: KeyEncryptionKeys, appId: string): Promise<PrivateKeyAccount | null> {
  const key = await readGivenSecret(db, keys, secretName(appId))
  return key ? privateKeyToAccount(key as `0x${string}`) : null
}
