/**
 * Creation and import when the app's wallets are server-managed (`user-controlled-server-wallets-only`): no entropy,
 * no shares; the wallet API creates (or imports) the wallet in the signer and the frame answers as for a share set,
 * with the user the server now holds.
 */
import { bytesToHex } from '@noble/hashes/utils'
import {
  encodeBase58,
  entropyIdVerifierOf,
  type CreateWalletData,
  type EmbeddedChainType,
  type ImportWalletData,
  type ServerWallet,
  type WalletChangeResult,
} from '../../protocol/index.js'
import { parseImportedKey } from '../custody/imported-key.js'
import { FrameError } from '../errors.js'
import { requireServerWallets, type FrameContext } from '../handlers/context.js'

/** Wallet spec, "States and transitions": with user-controlled server wallets only, only recovery methods starting with privy are allowed. */
export const CUSTOM_RECOVERY_REFUSED_MESSAGE = 'User-controlled server wallets do not support custom recovery methods'

async function answered(context: FrameContext, accessToken: string, wallet: ServerWallet): Promise<WalletChangeResult> {
  const user = await context.api.user(accessToken)
  return { user, address: wallet.address, entropyId: wallet.address, entropyIdVerifier: entropyIdVerifierOf(wallet.chain_type) }
}

export async function createServerWallet(
  context: FrameContext,
  chainType: EmbeddedChainType,
  accessToken: string,
  data: CreateWalletData,
): Promise<WalletChangeResult> {
  if ((data.recoveryMethod ?? 'privy') !== 'privy' || data.recoveryPassword !== undefined)
    throw new FrameError('invalid_request_arguments', CUSTOM_RECOVERY_REFUSED_MESSAGE)
  return answered(context, accessToken, await requireServerWallets(context).api.create(accessToken, { chain_type: chainType }))
}

/** `wallets:add` for server-managed wallets: another key of the signer at the next index, its own wallet (no HD sibling). */
export async function addServerWallet(
  context: FrameContext,
  chainType: EmbeddedChainType,
  accessToken: string,
  walletIndex: number,
): Promise<WalletChangeResult> {
  const wallet = await requireServerWallets(context).api.create(accessToken, { chain_type: chainType, wallet_index: walletIndex })
  if (wallet.chain_type !== chainType || wallet.wallet_index !== walletIndex) throw new FrameError('error', 'Failed to create wallet')
  return answered(context, accessToken, wallet)
}

/** The key is checked here first (a typo is refused without a round trip), then sent, in the wire's form, to the signer only. */
export async function importServerWallet(
  context: FrameContext,
  chainType: EmbeddedChainType,
  accessToken: string,
  data: ImportWalletData,
): Promise<WalletChangeResult> {
  if (data.recoveryPassword !== undefined) throw new FrameError('invalid_request_arguments', CUSTOM_RECOVERY_REFUSED_MESSAGE)
  const key = parseImportedKey(chainType, data.privateKey)
  const privateKey = chainType === 'ethereum' ? `0x${bytesToHex(key)}` : encodeBase58(key)
  return answered(context, accessToken, await requireServerWallets(context).api.import(accessToken, { chain_type: chainType, private_key: privateKey }))
}
