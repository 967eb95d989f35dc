import { TesseraError } from '../../../errors/base-error.js'
import type { EmbeddedWalletsContext } from '../state.js'
import type { EmbeddedWallet } from '../types.js'
import { ensureConnected } from './ensure-connected.js'

/** Runs `action`; when the frame lost the device share meanwhile, connects (or recovers) once and runs it again. */
export async function withWallet<T>(context: EmbeddedWalletsContext, wallet: EmbeddedWallet, action: () => Promise<T>): Promise<T> {
  await ensureConnected(context, wallet)
  try {
    return await action()
  } catch (error) {
    if (!TesseraError.is(error) || error.code !== 'wallet_not_on_device') throw error
    context.runtime.connections.delete(wallet.entropyId)
    await ensureConnected(context, wallet)
    return action()
  }
}
