/** The events this frame answers, each bound to the frame's context. Work on one share set runs one operation at a time. */
import type { FrameRequestData, FrameRequestEvent, FrameResponseData } from '../../protocol/index.js'
import { addWallet } from './add-wallet.js'
import { connectWallet } from './connect.js'
import type { FrameContext } from './context.js'
import { createWallet } from './create-wallet.js'
import { delegateWallet } from './delegate-wallet.js'
import { initFarcasterSigner, signFarcasterMessage } from './farcaster-signer.js'
import { importWallet } from './import-wallet.js'
import { clearMfa, initMfaEnrollment, submitMfaEnrollment, unenrollMfa, verifyMfa, verifyMfaFirst } from './mfa.js'
import { recoverWallet } from './recover.js'
import { signRpc } from './rpc.js'
import { signWithUserSigner } from '../server-wallets/sign.js'
import { setRecovery } from './set-recovery.js'

export type FrameHandler<E extends FrameRequestEvent> = (data: FrameRequestData[E]) => Promise<FrameResponseData[E]>
export type FrameHandlers = { [E in FrameRequestEvent]?: FrameHandler<E> }

/** The copy of a failure that is not one of the frame's own errors (wallet spec, "The error catalogue"). */
export const failureMessages: { [E in FrameRequestEvent]?: string } = {
  'wallet:create': 'Failed to create wallet',
  'solana-wallet:create': 'Failed to create wallet',
  'wallets:add': 'Failed to create wallet',
  import: 'Failed to import wallet',
  connect: 'Unable to connect wallet',
  recover: 'Unable to recover wallet',
  'set-recovery': 'Failed to set recovery on wallet',
  rpc: 'Unable to sign',
  'user-signer:sign': 'Unable to sign',
  'mfa:verify': 'Something went wrong.',
  'mfa:init-enrollment': 'Something went wrong.',
  'mfa:submit-enrollment': 'Something went wrong.',
  'mfa:unenroll': 'Something went wrong.',
  'farcaster:init-signer': 'Connect failed',
  'farcaster:sign': 'Unable to sign',
}

/** A recovery and a signature on the same share set must not interleave (a reshare changes the device share). */
function oneAtATime() {
  const tails = new Map<string, Promise<unknown>>()
  return <T>(key: unknown, run: () => Promise<T>): Promise<T> => {
    const name = typeof key === 'string' ? key.toLowerCase() : ''
    const result = (tails.get(name) ?? Promise.resolve()).catch(() => undefined).then(run)
    const tail = result.catch(() => undefined)
    tails.set(name, tail)
    void tail.then(() => tails.get(name) === tail && tails.delete(name))
    return result
  }
}

/** An MFA answer sent along with any request is verified before its handler runs (the reference's `withMfa`). */
function verifyingMfaFirst(context: FrameContext, handlers: FrameHandlers): FrameHandlers {
  const wrapped: Record<string, (data: never) => Promise<unknown>> = {}
  for (const [event, handler] of Object.entries(handlers) as [string, (data: never) => Promise<unknown>][]) {
    wrapped[event] = async (data) => {
      await verifyMfaFirst(context, data)
      return handler(data)
    }
  }
  return wrapped as FrameHandlers
}

export function frameHandlers(context: FrameContext): FrameHandlers {
  const serial = oneAtATime()
  return verifyingMfaFirst(context, {
    'mfa:verify': (data) => verifyMfa(context, data),
    'mfa:init-enrollment': (data) => initMfaEnrollment(context, data),
    'mfa:submit-enrollment': (data) => submitMfaEnrollment(context, data),
    'mfa:unenroll': (data) => unenrollMfa(context, data),
    'mfa:clear': () => clearMfa(context),
    'wallet:create': (data) => createWallet(context, 'ethereum', data),
    'solana-wallet:create': (data) => createWallet(context, 'solana', data),
    'wallets:add': (data) => serial(data.entropyId, () => addWallet(context, data)),
    import: (data) => importWallet(context, data),
    connect: (data) => serial(data.entropyId, () => connectWallet(context, data)),
    recover: (data) => serial(data.entropyId, () => recoverWallet(context, data)),
    'set-recovery': (data) => serial(data.entropyId, () => setRecovery(context, data)),
    rpc: (data) => serial(data.entropyId, () => signRpc(context, data)),
    'user-signer:sign': (data) => signWithUserSigner(context, data),
    'delegated-actions:consent': (data) => serial(data.entropyId, () => delegateWallet(context, data)),
    'farcaster:init-signer': (data) => serial(data.entropyId, () => initFarcasterSigner(context, data)),
    'farcaster:sign': (data) => serial(data.entropyId, () => signFarcasterMessage(context, data)),
  })
}
