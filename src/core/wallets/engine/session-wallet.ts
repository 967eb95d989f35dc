import { connectedWallet } from '../connected-wallet.js'
import type { ConnectedWallet, ConnectedWalletData, WalletOption } from '../types.js'
import type { WalletEngineDeps } from './deps.js'
import { sameAddress } from './same-address.js'

/** Whether the signed-in user has this wallet address linked. */
export function linkedToUser({ options }: WalletEngineDeps, address: string) {
  return options.getUser()?.linkedAccounts.some((account) => account.type === 'wallet' && sameAddress(account.address, address)) ?? false
}

/** The connected wallet a new session starts with. */
export function sessionWallet(
  deps: WalletEngineDeps,
  option: WalletOption,
  account: Pick<ConnectedWalletData, 'address' | 'chain' | 'chainId'>,
): ConnectedWallet {
  const meta = { name: option.name, icon: option.icon, id: option.id }
  const data: ConnectedWalletData = {
    ...account,
    walletClientType: option.id,
    connectorType: option.connectorType,
    linked: linkedToUser(deps, account.address),
    meta,
  }
  return connectedWallet(data, deps.walletContext)
}
