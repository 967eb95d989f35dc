/**
 * Session signers (the reference's `useSessionSigners`): the app backend's signers a wallet lets sign for it. A
 * server-managed wallet names them in its `additional_signers` (`PATCH /wallets/:id`, signed by the user signer); an
 * on-device wallet has no list, so adding means delegating it and removing means revoking the user's delegations.
 */
import {
  APP_ID_HEADER_NAME,
  AUTHORIZATION_SIGNATURE_HEADER,
  AUTHORIZATION_SIGNATURE_TTL_MS,
  REQUEST_EXPIRY_HEADER,
  sameAddress,
  type AdditionalSigner,
  type AuthorizationRequest,
  type EmbeddedChainType,
  type ServerWallet,
  type UpdateServerWalletBody,
} from '../../../protocol/index.js'
import { TesseraError } from '../../errors/base-error.js'
import type { User } from '../../user/types.js'
import type { AddSessionSignersInput, EmbeddedWallet, RemoveSessionSignersInput } from './types.js'
import { isServerManaged } from './wallets-of-user.js'

export interface SessionSignersDeps {
  appId: string
  wallets(): EmbeddedWallet[]
  now(): number
  /** `GET /wallets/:id` with the session. */
  getWallet(walletId: string): Promise<ServerWallet>
  /** The absolute URL `updateWallet` sends to: what the authorization signature names. */
  updateUrl(walletId: string): string
  /** `PATCH /wallets/:id` with the session and the signature headers, sent once (a retry would be a replay). */
  updateWallet(walletId: string, body: UpdateServerWalletBody, authorization: Record<string, string>): Promise<ServerWallet>
  /** The frame's user signer over the request's canonical form (`generateAuthorizationSignature`). */
  sign(request: AuthorizationRequest): Promise<{ signature: string }>
  delegate(input: { address: string; chainType: EmbeddedChainType }): Promise<void>
  revoke(): Promise<void>
  /** `GET /users/me`: the wallet's `delegated` changes on the server. */
  refreshUser(): Promise<User | null>
}

const sessionSignerError = (shortMessage: string) => new TesseraError({ code: 'invalid_data', shortMessage })

function walletAt(deps: SessionSignersDeps, address: unknown): EmbeddedWallet {
  const wallet = typeof address === 'string' ? deps.wallets().find((candidate) => sameAddress(candidate.chainType, candidate.address, address)) : undefined
  if (!wallet) throw new TesseraError({ code: 'embedded_wallet_not_found', shortMessage: 'Address is not associated with current user.' })
  return wallet
}

async function refreshedUser(deps: SessionSignersDeps): Promise<{ user: User }> {
  const user = await deps.refreshUser()
  if (!user) throw new TesseraError({ code: 'must_be_authenticated', shortMessage: 'Could not refresh user' })
  return { user }
}

async function setSigners(deps: SessionSignersDeps, walletId: string, signers: AdditionalSigner[]): Promise<void> {
  const body: UpdateServerWalletBody = { additional_signers: signers }
  const expiresAt = deps.now() + AUTHORIZATION_SIGNATURE_TTL_MS
  const headers = { [APP_ID_HEADER_NAME]: deps.appId, [REQUEST_EXPIRY_HEADER]: String(expiresAt) }
  const { signature } = await deps.sign({ version: 1, method: 'PATCH', url: deps.updateUrl(walletId), body, headers })
  await deps.updateWallet(walletId, body, { [AUTHORIZATION_SIGNATURE_HEADER]: signature, [REQUEST_EXPIRY_HEADER]: String(expiresAt) })
}

/** Adds `signers` to the wallet at `address` (those it has stay); an on-device wallet takes none and is delegated instead. */
export async function addSessionSigners(deps: SessionSignersDeps, { address, signers }: AddSessionSignersInput): Promise<{ user: User }> {
  const wallet = walletAt(deps, address)
  if (!Array.isArray(signers)) throw sessionSignerError('Signers must be an array.')
  if (isServerManaged(wallet)) {
    if (signers.length === 0) throw sessionSignerError('Must specify at least one signer to add.')
    const current = (await deps.getWallet(wallet.id)).additional_signers
    const added = signers.map(
      (signer): AdditionalSigner => ({ signer_id: signer.signerId, ...(signer.policyIds && { override_policy_ids: signer.policyIds }) }),
    )
    await setSigners(deps, wallet.id, [...current, ...added])
  } else if (!wallet.delegated) {
    if (signers.length > 0) throw sessionSignerError('Signers can be named only for server-managed wallets; pass an empty array for a wallet on the device.')
    await deps.delegate({ address: wallet.address, chainType: wallet.chainType })
  }
  return refreshedUser(deps)
}

/** Removes every session signer of the wallet at `address`; for an on-device wallet, revokes the user's delegations. */
export async function removeSessionSigners(deps: SessionSignersDeps, { address }: RemoveSessionSignersInput): Promise<{ user: User }> {
  const wallet = walletAt(deps, address)
  if (isServerManaged(wallet)) await setSigners(deps, wallet.id, [])
  else await deps.revoke()
  return refreshedUser(deps)
}
