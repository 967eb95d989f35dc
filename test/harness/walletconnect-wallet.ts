/** The demo's WalletConnect wallet (demo/wc-wallet/wallet.ts) in Node, approving everything but what a test rejects. */
import { mnemonicToAccount } from 'viem/accounts'
import { startWallet, type Wallet } from '../../demo/wc-wallet/wallet.js'
import { ANVIL_MNEMONIC } from './local-chains.js'

export interface WalletConnectWallet extends Pick<Wallet, 'account' | 'address' | 'pair' | 'disconnectAll' | 'close'> {
  sessionCount(): number
  /** The next proposal or request is rejected. */
  rejectNext(): void
}

export async function startWalletConnectWallet(options: {
  projectId: string
  relayUrl: string
  chainIds: number[]
  rpcUrl?: string
  accountIndex?: number
}): Promise<WalletConnectWallet> {
  let rejecting = false
  const wallet = await startWallet({
    projectId: options.projectId,
    relayUrl: options.relayUrl,
    account: mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: options.accountIndex ?? 0 }),
    url: 'http://localhost',
    chains: options.chainIds.map((id) => ({ id, name: `Chain ${id}`, rpcUrl: options.rpcUrl ?? 'http://127.0.0.1:1' })),
    decide: async () => {
      const approve = !rejecting
      rejecting = false
      return approve
    },
  })
  return {
    ...wallet,
    sessionCount: () => wallet.sessions().length,
    rejectNext: () => {
      rejecting = true
    },
  }
}
