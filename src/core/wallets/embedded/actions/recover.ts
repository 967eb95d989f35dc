import { toTesseraError } from '../../../errors/client-errors.js'
import { invalidRecoveryPasswordTypeError } from '../../../errors/embedded-wallet-errors.js'
import type { EmbeddedWalletsContext } from '../state.js'
import type { RecoverInput } from '../types.js'
import { awaitPassword } from './await-password.js'
import { cloudAccessToken } from './cloud-access-token.js'
import { connectionOf } from './connection-of.js'
import { callFrame } from './frame-call.js'
import { setStatus, waitingStatus } from './status.js'
import { primaryOf, shareSet, shareSetWallets } from './wallet-lookup.js'

/** Opens every share set waiting for the user's password (or, with `method`, the user's cloud consent). */
export async function recover(context: EmbeddedWalletsContext, input: RecoverInput): Promise<void> {
  const { runtime, deps } = context
  const cloud = 'method' in input
  if (!cloud && (typeof input.password !== 'string' || !input.password)) throw invalidRecoveryPasswordTypeError()
  // Before any await: a cloud provider's window opens inside the user's click.
  const token = cloud ? cloudAccessToken(context, input.method) : null
  token?.catch(() => undefined)
  try {
    // One password (one consent) serves every share set of its method: those not tried on this device yet wait for it now too.
    for (const wallet of shareSetWallets(context))
      if (
        !runtime.connections.has(wallet.entropyId) &&
        primaryOf(context, wallet).recoveryMethod === (cloud ? 'google-drive' : 'user-passcode') &&
        (await connectionOf(context, wallet)) !== 'connected'
      )
        void awaitPassword(context, wallet)
    const secret = cloud ? { recoveryAccessToken: await token! } : { recoveryPassword: input.password }
    deps.state.update((current) => ({ ...current, status: 'recovering', error: null }))
    for (const [entropyId, waiter] of [...runtime.passwordWaiters]) {
      const wallet = deps.state.get().wallets.find((candidate) => candidate.entropyId === entropyId)
      if (!wallet || waiter.cloud !== cloud) continue
      await callFrame(context, 'recover', { ...shareSet(wallet), ...secret })
      runtime.connections.set(entropyId, Promise.resolve('connected'))
      runtime.passwordWaiters.delete(entropyId)
      waiter.settle()
    }
    setStatus(context)
  } catch (error) {
    // A wrong password (or a refused consent) leaves the wallet waiting for another try.
    const failure = toTesseraError(error)
    deps.state.update((current) => ({ ...current, status: waitingStatus(context) ?? 'error', error: failure }))
    throw failure
  }
}
