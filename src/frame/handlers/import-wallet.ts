/**
 * `import` (wallet spec, "States and transitions", on-device mode): the user's private key becomes a share set of its own. Like a created
 * wallet: split 2-of-3 (version 1) with the key's address as `entropyId`, the device share stored first, then the
 * server stores the auth share and the recovery share (automatic recovery, or sealed with `recoveryPassword`) with `imported: true`. The key is never
 * answered; the host learns the address only after the server's 2xx (docs/security.md #57).
 */
import { entropyIdVerifierOf, type ImportWalletData, type WalletChangeResult } from '../../protocol/index.js'
import { parseImportedKey } from '../custody/imported-key.js'
import { addressOfKey } from '../../protocol/custody/wallet-address.js'
import { sameAddress } from '../../protocol/same-address.js'
import { FrameError } from '../errors.js'
import type { FrameContext } from './context.js'
import { importServerWallet } from '../server-wallets/create.js'
import { registerShareSet } from './register-share-set.js'
import { requireAccessToken, requireChainType, requirePassword } from './validate.js'

export async function importWallet(context: FrameContext, data: ImportWalletData): Promise<WalletChangeResult> {
  const accessToken = requireAccessToken(data.accessToken)
  const chainType = requireChainType(data.chainType)
  // Wallet spec, "States and transitions": the tee mode with server wallets only (the key goes to the signer), on-device otherwise.
  if (context.serverWalletsOnly) return importServerWallet(context, chainType, accessToken, data)
  if (data.mode !== 'on-device') throw new FrameError('invalid_request_arguments', 'Invalid mode: only on-device import is supported')
  const privateKey = parseImportedKey(chainType, data.privateKey)
  const entropyIdVerifier = entropyIdVerifierOf(chainType)
  const entropyId = addressOfKey(chainType, privateKey)

  const recovery =
    data.recoveryPassword === undefined ? { method: 'privy' as const } : { method: 'user-passcode' as const, password: requirePassword(data.recoveryPassword) }
  const { response, undo } = await registerShareSet(context, { accessToken, chainType, secret: privateKey, entropyId, recovery, imported: true })
  if (!response.created || !sameAddress(chainType, response.address, entropyId)) {
    await undo()
    if (sameAddress(chainType, response.address, entropyId)) throw new FrameError('error', 'This wallet has already been imported')
    throw new FrameError('error', 'Failed to import wallet')
  }
  return { user: response.user, address: entropyId, entropyId, entropyIdVerifier }
}
