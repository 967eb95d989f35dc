/** Whether the signed-in user's wallet named `entropyId` is server-managed: such a wallet is always available, with nothing to connect or recover. */
import { SERVER_WALLET_RECOVERY_METHOD, type EmbeddedChainType, type WalletAccountDto } from '../../protocol/index.js'
import { sameAddress } from '../../protocol/same-address.js'
import type { FrameContext } from '../handlers/context.js'

export async function isServerWallet(context: FrameContext, accessToken: string, entropyId: string, chainType: EmbeddedChainType): Promise<boolean> {
  const user = await context.api.user(accessToken)
  return user.linked_accounts.some((account) => {
    const wallet = account as WalletAccountDto
    return wallet.type === 'wallet' && wallet.chain_type === chainType && wallet.recovery_method === SERVER_WALLET_RECOVERY_METHOD && sameAddress(chainType, wallet.address, entropyId)
  })
}
