import type { EthereumFrameRequest } from '../../../../protocol/index.js'
import type { EmbeddedWalletsContext } from '../state.js'
import type { EmbeddedWallet } from '../types.js'
import { callFrame } from './frame-call.js'
import { signingTarget } from './wallet-lookup.js'
import { withWallet } from './with-wallet.js'

/** One Ethereum signing request to the frame for `wallet`, connected (or recovered) first. */
export function signWithEthereumWallet(context: EmbeddedWalletsContext, wallet: EmbeddedWallet, request: EthereumFrameRequest): Promise<string> {
  return withWallet(context, wallet, async () => {
    const { data } = await callFrame(context, 'rpc', { ...signingTarget(wallet), chainType: 'ethereum', request })
    return data as string
  })
}
