/** Which wallet a cross-app request is for, on each side; a request for any other is refused. */
import type { LinkedAccounts, User } from '../../user/types.js'
import { crossAppWrongAddressError } from './errors.js'

/** `address` among `candidates` (any letter case), else the first when none is named; their own spelling. */
export function pickWalletAddress(candidates: { address: string }[], address: string | undefined): string {
  const wallet = address ? candidates.find((candidate) => candidate.address.toLowerCase() === address.toLowerCase()) : candidates[0]
  if (!wallet) throw crossAppWrongAddressError()
  return wallet.address
}

/** Requester side: a wallet of the user's cross-app account of `providerAppId` (the addresses the provider gave at consent). */
export function crossAppAccountAddress(user: User | null, providerAppId: string, address: string | undefined): string {
  const account = user?.linkedAccounts.find(
    (candidate): candidate is LinkedAccounts['cross_app'] => candidate.type === 'cross_app' && candidate.providerApp.id === providerAppId,
  )
  return pickWalletAddress(account?.embeddedWallets ?? [], address)
}
