/** `wallets:add`: HD wallet `hdWalletIndex` (> 0) of an existing share set, derived here and registered on the server; or the wallet API's next wallet. */
import type { AddWalletData, WalletChangeResult } from '../../protocol/index.js'
import { sameAddress } from '../../protocol/same-address.js'
import { keysAddress } from '../custody/wallet-keys.js'
import { addServerWallet } from '../server-wallets/create.js'
import { FrameError } from '../errors.js'
import { chainOfVerifier, type FrameContext } from './context.js'
import { unlockShareSet } from './unlock.js'
import { requireAccessToken, requireChainType, requireText, requireVerifier, requireWalletIndex } from './validate.js'

export async function addWallet(context: FrameContext, data: AddWalletData): Promise<WalletChangeResult> {
  const accessToken = requireAccessToken(data.accessToken)
  const entropyId = requireText(data.entropyId, 'entropyId')
  const entropyIdVerifier = requireVerifier(data.entropyIdVerifier)
  const chainType = chainOfVerifier(entropyIdVerifier)
  // Each share set serves one chain: its wallets derive on that chain's path only.
  if (requireChainType(data.chainType) !== chainType) throw new FrameError('invalid_request_arguments', 'Invalid chainType for this wallet')
  const index = requireWalletIndex(data.hdWalletIndex, 1)
  if (context.serverWalletsOnly) return addServerWallet(context, chainType, accessToken, index)

  const { keys } = await unlockShareSet(context, accessToken, entropyId, chainType)
  // An imported key is one wallet: it has no HD siblings (the server refuses them too).
  if (keys.imported) throw new FrameError('invalid_request_arguments', 'An imported wallet cannot have additional wallets')
  const address = keysAddress(keys, chainType, index)
  const response = await context.api.add(accessToken, { chain_type: chainType, address, entropy_id: entropyId, wallet_index: index })
  if (!sameAddress(chainType, response.address, address)) throw new FrameError('error', 'Failed to create wallet')
  return { user: response.user, address, entropyId, entropyIdVerifier }
}
