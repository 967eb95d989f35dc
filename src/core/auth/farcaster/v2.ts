/**
 * Farcaster v2 (mini apps): the host app signs the Sign-In with Farcaster message in place, so there is no relay
 * channel to poll, only a nonce from `v2/init` to put in the message and `v2/authenticate` to sign in with it.
 */
import type { AuthenticatedUserDto, FarcasterV2AuthenticateBody } from '../../../protocol/index.js'
import { farcasterV2AuthenticateRoute, farcasterV2InitRoute } from '../../../protocol/routes/farcaster.js'
import type { Transport } from '../../api/transport.js'
import { TesseraError } from '../../errors/base-error.js'
import { alreadyLoggedInError } from '../../errors/client-errors.js'
import type { User } from '../../user/types.js'

export interface FarcasterV2Options {
  transport: Transport
  isAuthenticated(): boolean
  authenticate(login: () => Promise<AuthenticatedUserDto>): Promise<User>
}

export interface FarcasterV2SignIn {
  message: string
  signature: string
  /** Default: the fid the message's `farcaster://fid/<fid>` resource names. */
  fid?: number
}

const notSiwfMessageError = () =>
  new TesseraError({
    code: 'invalid_credentials',
    shortMessage: 'Not a Sign-In with Farcaster message',
    details: 'The message names no farcaster://fid/ resource.',
  })

/** The fid the SIWF message is for (its one `farcaster://fid/<fid>` resource). */
export function fidOfSiwfMessage(message: string): number {
  const fid = Number(/^- farcaster:\/\/fid\/(\d+)$/m.exec(message)?.[1])
  if (!Number.isSafeInteger(fid) || fid <= 0) throw notSiwfMessageError()
  return fid
}

export function createFarcasterV2({ transport, isAuthenticated, authenticate }: FarcasterV2Options) {
  /** A nonce for the host app's SIWF message, and when it expires (ISO 8601). */
  async function initV2(captchaToken?: string): Promise<{ nonce: string; expiresAt: string }> {
    const body = captchaToken ? { token: captchaToken } : {}
    const { nonce, expires_at } = await transport.request(farcasterV2InitRoute, { body })
    return { nonce, expiresAt: expires_at }
  }

  /** Signs in (or up) with the message the host app's Farcaster wallet signed. */
  async function loginV2({ message, signature, fid }: FarcasterV2SignIn): Promise<User> {
    if (isAuthenticated()) throw alreadyLoggedInError()
    const body: FarcasterV2AuthenticateBody = { message, signature, fid: fid ?? fidOfSiwfMessage(message), mode: 'login-or-sign-up' }
    return authenticate(() => transport.request(farcasterV2AuthenticateRoute, { body }))
  }

  return { initV2, loginV2 }
}
