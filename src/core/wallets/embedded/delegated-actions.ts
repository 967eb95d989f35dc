/**
 * Delegated wallets (offline access, wallet spec, "States and transitions" to "The error catalogue"): `delegateWallet` lets the app's backend sign with one
 * embedded wallet while the user is offline (the wallet frame hands the server the device share, after the usual
 * unlock and MFA); `revokeWallets` ends every delegation of the user. Headless: the modal's consent screen calls these.
 */
import {
  DELEGATION_NO_ROOT_MESSAGE,
  DELEGATION_NOT_OWNED_MESSAGE,
  delegationChainTypes,
  sameAddress,
  type EmbeddedChainType,
  type FrameRequestData,
  type FrameResponseData,
  type RevokeWalletsResponse,
  type UserDto,
} from '../../../protocol/index.js'
import { TesseraError } from '../../errors/base-error.js'
import type { User } from '../../user/types.js'
import type { EmbeddedWallet } from './types.js'

type ConsentEvent = 'delegated-actions:consent'

export interface DelegatedActionsDeps {
  wallets(): EmbeddedWallet[]
  /** The consent's frame call on the wallet's share set, connected (or recovered) first and run through the MFA challenge. */
  call(wallet: EmbeddedWallet, event: ConsentEvent, data: Omit<FrameRequestData[ConsentEvent], 'accessToken'>): Promise<FrameResponseData[ConsentEvent]>
  /** `POST /wallets/revoke` with the session. */
  revoke(): Promise<RevokeWalletsResponse>
  replaceUser(dto: UserDto): Promise<User>
}

export interface DelegateWalletInput {
  address: string
  chainType: EmbeddedChainType
}

const notOwnedError = () => new TesseraError({ code: 'embedded_wallet_not_found', shortMessage: DELEGATION_NOT_OWNED_MESSAGE })
const noRootError = () => new TesseraError({ code: 'embedded_wallet_not_found', shortMessage: DELEGATION_NO_ROOT_MESSAGE })

export function delegatedActions(deps: DelegatedActionsDeps) {
  /** The user's embedded wallet at `address` on an allowed chain, and the root (index 0) wallet its share set is named by. */
  function walletToDelegate({ address, chainType }: DelegateWalletInput): EmbeddedWallet {
    if (!(delegationChainTypes as readonly string[]).includes(chainType) || typeof address !== 'string') throw notOwnedError()
    const wallets = deps.wallets()
    const wallet = wallets.find((candidate) => candidate.chainType === chainType && sameAddress(chainType, candidate.address, address))
    if (!wallet) throw notOwnedError()
    const root = wallet.imported ? wallet : wallets.find((candidate) => candidate.chainType === chainType && !candidate.imported && candidate.walletIndex === 0)
    if (!root || !sameAddress(chainType, root.address, wallet.entropyId)) throw noRootError()
    return wallet
  }

  return {
    async delegateWallet(input: DelegateWalletInput): Promise<void> {
      const wallet = walletToDelegate(input)
      const { user } = await deps.call(wallet, 'delegated-actions:consent', {
        entropyId: wallet.entropyId,
        entropyIdVerifier: wallet.entropyIdVerifier,
        address: wallet.address,
        chainType: wallet.chainType,
        // An imported key is its share set's only wallet, at index 0 in the frame.
        hdWalletIndex: wallet.imported ? 0 : wallet.walletIndex,
      })
      await deps.replaceUser(user)
    },
    async revokeWallets(): Promise<void> {
      await deps.replaceUser((await deps.revoke()).user)
    },
  }
}
