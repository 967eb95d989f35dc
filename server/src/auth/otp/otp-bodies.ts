import { z } from 'zod'
import { authModes } from '../../../../src/protocol/index.js'
import type { ServerContext } from '../../context.js'
import { safeString } from '../../http/schemas.js'
import type { OtpChannel } from './otp-channel.js'

const code = safeString(32)
const token = safeString(4096).nullish()
const nonce = safeString(256)
const mode = z.enum(authModes).nullish()

/** The six request bodies of a channel under its own field names, each parsed into one channel-neutral shape. */
export function otpBodies(channel: OtpChannel) {
  const { identifier: field, unlink, updateOld, updateNew } = channel.fields
  const id = channel.identifier
  // Field names are data here, so the parsed object is indexed by name.
  const value = (body: Record<string, unknown>, name: string) => body[name] as string
  return {
    init: z.object({ [field]: id, token }).transform((b) => ({ identifier: value(b, field), token: b.token as string | null | undefined })),
    authenticate: z.object({ [field]: id, code, mode }).transform((b) => ({
      identifier: value(b, field),
      code: value(b, 'code'),
      mode: b.mode as z.infer<typeof mode>,
    })),
    link: z.object({ [field]: id, code }).transform((b) => ({ identifier: value(b, field), code: value(b, 'code') })),
    unlink: z.object({ [unlink]: id }).transform((b) => ({ identifier: value(b, unlink) })),
    update: z.object({ [updateOld]: id, [updateNew]: id, code }).transform((b) => ({
      oldIdentifier: value(b, updateOld),
      newIdentifier: value(b, updateNew),
      code: value(b, 'code'),
    })),
    transfer: z.object({ [field]: id, nonce }).transform((b) => ({ identifier: value(b, field), nonce: value(b, 'nonce') })),
  }
}

/** What each route handler of one channel works with: the server, the channel and its bodies (parsed once per channel). */
export interface OtpRouteDeps {
  ctx: ServerContext
  channel: OtpChannel
  bodies: ReturnType<typeof otpBodies>
}
