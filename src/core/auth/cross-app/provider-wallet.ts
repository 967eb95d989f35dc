/**
 * The provider page's embedded wallet: made before a consent that lets the requester transact (so the cross-app
 * account names it), then carrying out the requests the provider user approves.
 */
import type { CrossAppTransactRequestDto } from '../../../protocol/index.js'
import type { User } from '../../user/types.js'
import type { EmbeddedWalletsApi, EmbeddedWalletsState, EthereumTransactionRequest } from '../../wallets/embedded/types.js'
import { embeddedWalletsOf } from '../../wallets/embedded/wallets-of-user.js'
import { pickWalletAddress } from './wallet-address.js'

export type ProviderWallets = Pick<
  EmbeddedWalletsApi,
  'getState' | 'watchState' | 'create' | 'signMessage' | 'signTypedData' | 'signTransaction' | 'sendTransaction'
>
export interface ProviderWalletDeps {
  wallets: ProviderWallets
  getUser(): User | null
}

const busy = ({ status }: EmbeddedWalletsState) => status === 'creating' || status === 'connecting' || status === 'recovering'

/** Resolves once no wallet is being made, connected or recovered (a login's creation is never doubled). */
function walletsSettled(wallets: ProviderWallets): Promise<void> {
  if (!busy(wallets.getState())) return Promise.resolve()
  return new Promise((resolve) => {
    const stop = wallets.watchState((state) => {
      if (busy(state)) return
      stop()
      resolve()
    })
  })
}

const ethereumWalletsOf = (user: User | null) => embeddedWalletsOf(user).filter((wallet) => wallet.chainType === 'ethereum')

/** Makes the provider user's embedded Ethereum wallet unless one exists (or the login is making it). */
export async function ensureProviderWallet({ wallets, getUser }: ProviderWalletDeps): Promise<void> {
  await walletsSettled(wallets)
  if (ethereumWalletsOf(getUser()).length === 0) await wallets.create({ chainType: 'ethereum' })
}

/** The address a request names: the message's or typed data's signer, a transaction's `from` (none: the first wallet). */
function requestedAddress(request: CrossAppTransactRequestDto): string | undefined {
  if (request.method === 'personal_sign') return request.params[1]
  if (request.method === 'eth_signTypedData_v4') return request.params[0]
  const from = request.params[0].from
  return typeof from === 'string' ? from : undefined
}

/** eth_signTypedData_v4 takes the typed data as an object or as its JSON. */
const typedDataOf = (value: Record<string, unknown> | string): Record<string, unknown> =>
  typeof value === 'string' ? (JSON.parse(value) as Record<string, unknown>) : value

/** Carries out an approved request with the provider user's wallet; answers the signature or the transaction hash. */
export async function runProviderWalletRequest(
  { wallets, getUser }: ProviderWalletDeps,
  request: CrossAppTransactRequestDto,
  uiOptions?: { showWalletUIs?: boolean },
): Promise<string> {
  const address = pickWalletAddress(ethereumWalletsOf(getUser()), requestedAddress(request))
  const common = { address, ...(uiOptions && { uiOptions }) }
  switch (request.method) {
    case 'personal_sign':
      return (await wallets.signMessage({ message: request.params[0], ...common })).signature
    case 'eth_signTypedData_v4':
      return (await wallets.signTypedData({ typedData: typedDataOf(request.params[1]), ...common })).signature
    case 'eth_signTransaction':
      return (await wallets.signTransaction({ transaction: request.params[0] as EthereumTransactionRequest, ...common })).signature
    case 'eth_sendTransaction':
      return (await wallets.sendTransaction({ transaction: request.params[0] as EthereumTransactionRequest, ...common })).hash
  }
}
