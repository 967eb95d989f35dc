/**
 * The configured smart account (permissionless / viem implementations, never hand-written user operations), owned
 * by `owner`: Kernel, Safe and LightAccount on EntryPoint 0.7, Coinbase Smart Wallet on 0.6 (its only one).
 */
import { toKernelSmartAccount, toLightSmartAccount, toSafeSmartAccount } from 'permissionless/accounts'
import type { LocalAccount, PublicClient } from 'viem'
import { entryPoint07Address, toCoinbaseSmartAccount, type SmartAccount } from 'viem/account-abstraction'
import type { SmartWalletType } from '../../protocol/smart-wallets.js'
import { unsupportedSmartWalletVersionError } from './errors.js'

/** Each type's versions this client builds, the first being the default. */
export const smartWalletVersions = {
  kernel: ['0.3.1', '0.3.0-beta', '0.3.2', '0.3.3'],
  safe: ['1.4.1'],
  light_account: ['2.0.0'],
  coinbase_smart_wallet: ['1.1', '1'],
} as const satisfies Record<SmartWalletType, readonly string[]>

type VersionOf<T extends SmartWalletType> = (typeof smartWalletVersions)[T][number]
const entryPoint07 = { address: entryPoint07Address, version: '0.7' } as const

export interface SmartAccountParams {
  type: SmartWalletType
  version: string | null
  owner: LocalAccount
}

function versionOf<T extends SmartWalletType>(type: T, version: string | null): VersionOf<T> {
  const versions: readonly string[] = smartWalletVersions[type]
  if (version === null) return versions[0] as VersionOf<T>
  if (!versions.includes(version)) throw unsupportedSmartWalletVersionError(type, version)
  return version as VersionOf<T>
}

export async function toSmartAccount(client: PublicClient, { type, version, owner }: SmartAccountParams): Promise<SmartAccount> {
  switch (type) {
    case 'kernel':
      return toKernelSmartAccount({ client, owners: [owner], version: versionOf('kernel', version), entryPoint: entryPoint07 })
    case 'safe':
      return toSafeSmartAccount({ client, owners: [owner], version: versionOf('safe', version), entryPoint: entryPoint07 })
    case 'light_account':
      return toLightSmartAccount({ client, owner, version: versionOf('light_account', version), entryPoint: entryPoint07 })
    case 'coinbase_smart_wallet':
      return toCoinbaseSmartAccount({ client, owners: [owner], version: versionOf('coinbase_smart_wallet', version) })
  }
}
