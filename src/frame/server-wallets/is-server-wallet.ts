/** The signed-in user's server-managed wallet named `entropyId`: such a wallet is always available, with nothing to connect or recover. */
import { SERVER_WALLET_RECOVERY_METHOD, type EmbeddedChainType, type WalletAccountDto } from '../../protocol/index.js'
import { sameAddress } from '../../protocol/same-address.js'
import type { FrameContext } from '../handlers/context.js'

/** The wallet API id of the user's server-managed wallet at `entropyId`, or null when that wallet is on-device (or not theirs). */
export async function serverWalletIdOf(
  context: Pick<FrameContext, 'api'>,
  accessToken: string,
  entropyId: string,
  chainType: EmbeddedChainType,
): Promise<string | null> {
  const user = await context.api.user(accessToken)
  const wallet = user.linked_accounts.find((account) => {
    const candidate = account as WalletAccountDto
    return (
      candidate.type === 'wallet' &&
      candidate.chain_type === chainType &&
      candidate.recovery_method === SERVER_WALLET_RECOVERY_METHOD &&
      sameAddress(chainType, candidate.address, entropyId)
    )
  }) as WalletAccountDto | undefined
  return wallet?.id ?? null
}

export const isServerWallet = async (context: FrameContext, accessToken: string, entropyId: string, chainType: EmbeddedChainType): Promise<boolean> =>
  (await serverWalletIdOf(context, accessToken, entropyId, chainType)) !== null
