/**
 * What a connected Ethereum account can do (wallet spec, "Entities and their fields": "Connected wallet (client side)"), through the wallet's own
 * EIP-1193 provider. Each call takes the live session first: a wallet no longer connected says so.
 */
import type { Chain } from '../../chains/chain.js'
import { invalidMessageError } from '../../errors/embedded-wallet-errors.js'
import { transactionSubmissionError, unableToSignError } from '../../errors/transaction-errors.js'
import type { ConnectedEthereumWallet } from '../types.js'
import { chainSwitchError, walletAction } from '../wallet-action-errors.js'
import type { EthereumSession } from '../wallet-session.js'
import { withTimeout } from '../with-timeout.js'
import { readChainId } from './connect-ethereum.js'
import { sendWalletTransaction } from './send-wallet-transaction.js'
import { signWalletMessage } from './sign-wallet-message.js'
import { switchWalletChain } from './switch-wallet-chain.js'

export interface EthereumAbilitiesContext {
  /** The session, or 'Wallet is not currently connected.'. */
  live(): EthereumSession
  timeoutMs: number
  /** The app's chain table, read per call (the config may change). */
  chains(): readonly Chain[]
  /** The wallet answered that it is on `chainId` now: the listed account follows. */
  onChainId(session: EthereumSession, chainId: number): void
}

type EthereumAbilities = Pick<ConnectedEthereumWallet, 'getEthereumProvider' | 'switchChain' | 'sendTransaction' | 'signMessage'>

export function ethereumAbilities(context: EthereumAbilitiesContext): EthereumAbilities {
  const { timeoutMs } = context
  async function switchChain(chainId: number): Promise<void> {
    const session = context.live()
    const reported = await walletAction(
      () => switchWalletChain({ provider: session.provider, chains: context.chains(), timeoutMs }, chainId),
      chainSwitchError(chainId),
    )
    context.onChainId(session, reported)
  }
  return {
    getEthereumProvider: async () => context.live().provider,
    switchChain,
    async sendTransaction(request) {
      const session = context.live()
      // A JavaScript caller may name the chain as a hex string, as EIP-1193 does.
      const chainId = request.chainId === undefined ? undefined : Number(request.chainId)
      return walletAction(async () => {
        if (chainId !== undefined && chainId !== (await withTimeout(readChainId(session.provider), timeoutMs))) await switchChain(chainId)
        return sendWalletTransaction({ provider: session.provider, address: session.wallet.address, timeoutMs }, request)
      }, transactionSubmissionError)
    },
    async signMessage(message) {
      if (typeof message !== 'string' || !message) throw invalidMessageError()
      const session = context.live()
      return walletAction(() => signWalletMessage({ provider: session.provider, address: session.wallet.address, timeoutMs }, message), unableToSignError)
    },
  }
}
