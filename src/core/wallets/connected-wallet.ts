/**
 * A connected account with its abilities (wallet spec, "Entities and their fields": "Connected wallet (client side)": meta, sign, send and
 * disconnect). The abilities' code loads on the first call (wallet-abilities.ts), so connecting and signing in carry
 * none of it; each call finds the live session of its wallet and address, so an account that was disconnected or
 * that the wallet switched away from fails with 'Wallet is not currently connected.', and one connected again works.
 */
import { lazily } from '../utils/lazily.js'
import type { ConnectedEthereumWallet, ConnectedSolanaWallet, ConnectedWallet, ConnectedWalletData } from './types.js'
import type { ConnectedWalletContext } from './connected-wallet-context.js'

/** The plain fields of a listed account (what the store compares; abilities are rebuilt around them). */
export function walletData(wallet: ConnectedWallet): ConnectedWalletData {
  const { address, chain, chainId, walletClientType, connectorType, linked, meta } = wallet
  return { address, chain, chainId, walletClientType, connectorType, linked, meta }
}

type Ability = (...args: never[]) => Promise<unknown>

const abilitiesCode = lazily(() => import('./wallet-abilities.js'))

export function connectedWallet(data: ConnectedWalletData, context: ConnectedWalletContext): ConnectedWallet {
  const ability = <F extends Ability>(name: string): F =>
    (async (...args: Parameters<F>) => {
      const abilities = (await abilitiesCode.load()).walletAbilities(data, context) as unknown as Record<string, F>
      return abilities[name]!(...args)
    }) as F
  const disconnect = () => context.disconnect(data.address)
  if (data.chain === 'ethereum') {
    return {
      ...data,
      disconnect,
      getEthereumProvider: ability<ConnectedEthereumWallet['getEthereumProvider']>('getEthereumProvider'),
      switchChain: ability<ConnectedEthereumWallet['switchChain']>('switchChain'),
      sendTransaction: ability<ConnectedEthereumWallet['sendTransaction']>('sendTransaction'),
      signMessage: ability<ConnectedEthereumWallet['signMessage']>('signMessage'),
    }
  }
  return {
    ...data,
    disconnect,
    signMessage: ability<ConnectedSolanaWallet['signMessage']>('signMessage'),
    signTransaction: ability<ConnectedSolanaWallet['signTransaction']>('signTransaction'),
    signAndSendTransaction: ability<ConnectedSolanaWallet['signAndSendTransaction']>('signAndSendTransaction'),
  }
}
