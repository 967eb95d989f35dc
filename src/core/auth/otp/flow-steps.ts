/** The one-time code flow past its synchronous checks (flow.ts): identifier rules and requests. Loaded with the first code sent or unlink. */
import type { AuthMode } from '../../../protocol/index.js'
import { noAuthFlowError } from '../../errors/client-errors.js'
import type { AuthIntent } from '../types.js'
import type { LoginWithCodeOptions, OtpFlowOptions, OtpFlowState } from './types.js'
import type { User } from '../../user/types.js'
import type { OtpChannel } from './channel.js'

export interface OtpSendRequest {
  intent: AuthIntent
  captchaToken?: string
  /** The trimmed previous identifier of an update. */
  previousIdentifier: string | null
}

export function createOtpFlowSteps(
  options: Omit<OtpFlowOptions, 'loadChannel'> & { channel: OtpChannel },
  updateIfCurrent: (started: number, change: (current: OtpFlowState) => OtpFlowState) => void,
) {
  const { channel, transport, accountChanges } = options
  const now = options.now ?? Date.now

  /** Normalises the identifier (and an update's previous one), then sends the code. */
  async function send(started: number, raw: string, { intent, captchaToken, previousIdentifier: typedPrevious }: OtpSendRequest): Promise<void> {
    const config = options.getConfig()
    const identifier = await channel.normalize(raw, config)
    channel.assertSendable?.(identifier, config)
    const previousIdentifier = intent === 'update' ? await channel.normalize(typedPrevious ?? '', config) : null
    updateIfCurrent(started, (current) => ({ ...current, identifier, previousIdentifier }))
    await channel.init(transport, identifier, { captchaToken, auth: intent !== 'login' })
    updateIfCurrent(started, () => ({ status: 'awaiting-code-input', intent, identifier, previousIdentifier, error: null, codeSentAt: now() }))
  }

  async function complete(code: string, identifier: string, flow: OtpFlowState, loginOptions: LoginWithCodeOptions): Promise<User> {
    switch (flow.intent) {
      case 'login': {
        const mode: AuthMode = loginOptions.mode ?? (loginOptions.disableSignup ? 'no-signup' : 'login-or-sign-up')
        return options.authenticate(() => channel.authenticate(transport, identifier, code, mode))
      }
      case 'link':
        return accountChanges.linked(await channel.link(transport, identifier, code), channel.method, identifier)
      case 'update':
        if (!flow.previousIdentifier) throw noAuthFlowError()
        return accountChanges.updated(await channel.update(transport, flow.previousIdentifier, identifier, code), channel.method)
    }
  }

  async function unlink(raw: string): Promise<User> {
    const identifier = await channel.normalize(raw, options.getConfig())
    return accountChanges.unlinked(await channel.unlink(transport, identifier), channel.method)
  }

  return { send, complete, unlink }
}
