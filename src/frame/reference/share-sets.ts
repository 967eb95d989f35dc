/**
 * The reference keeps one entropy per user: every wallet that is not imported is named by its primary wallet
 * (Ethereum index 0, else Solana index 0). Tessera keeps one share set per chain, so a request naming the primary
 * is mapped to the share set of the chain it is about, found among the signed-in user's wallets.
 */
import { entropyIdVerifierOf, type EmbeddedChainType, type EntropyIdVerifier, type UserDto, type WalletAccountDto } from '../../protocol/index.js'
import { sameAddress } from '../../protocol/same-address.js'
import { FrameError } from '../errors.js'
import { chainOfVerifier, type FrameContext } from '../handlers/context.js'
import { requireAccessToken, requireChainType, requireText, requireVerifier } from '../handlers/validate.js'

export interface ShareSetName {
  entropyId: string
  entropyIdVerifier: EntropyIdVerifier
}

/** The index-0 wallet of each chain's created (not imported) share set: its address is that set's entropyId. */
function createdShareSets(user: UserDto): ShareSetName[] {
  return user.linked_accounts
    .filter(
      (account): account is WalletAccountDto =>
        account.type === 'wallet' && account.wallet_client_type === 'privy' && !account.imported && (account.wallet_index ?? 0) === 0,
    )
    .filter((wallet) => wallet.chain_type === 'ethereum' || wallet.chain_type === 'solana')
    .map((wallet) => ({ entropyId: wallet.address, entropyIdVerifier: entropyIdVerifierOf(wallet.chain_type as EmbeddedChainType) }))
}

function namedSet(data: Record<string, unknown>): ShareSetName {
  return { entropyId: requireText(data.entropyId, 'entropyId'), entropyIdVerifier: requireVerifier(data.entropyIdVerifier) }
}

/** The share set holding the wallets of `data.chainType` that the request names by its primary. */
export async function shareSetForChain(context: FrameContext, data: Record<string, unknown>): Promise<ShareSetName> {
  const named = namedSet(data)
  const chainType = requireChainType(data.chainType)
  if (chainOfVerifier(named.entropyIdVerifier) === chainType) return named
  const user = await context.api.user(requireAccessToken(data.accessToken))
  const set = createdShareSets(user).find((candidate) => chainOfVerifier(candidate.entropyIdVerifier) === chainType)
  if (!set) throw new FrameError('invalid_request_arguments', 'No wallet found for this chain')
  return set
}

/** Every share set a request on the primary stands for (the named one first); an imported wallet stands for itself. */
export async function shareSetsNamedBy(context: FrameContext, data: Record<string, unknown>): Promise<ShareSetName[]> {
  const named = namedSet(data)
  const sets = createdShareSets(await context.api.user(requireAccessToken(data.accessToken)))
  const isNamed = (set: ShareSetName) =>
    set.entropyIdVerifier === named.entropyIdVerifier && sameAddress(chainOfVerifier(set.entropyIdVerifier), set.entropyId, named.entropyId)
  if (!sets.some(isNamed)) return [named]
  return [named, ...sets.filter((set) => !isNamed(set))]
}
