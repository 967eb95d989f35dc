import type { RegistrationResponseJSON } from '@simplewebauthn/server'
import type { Context } from 'hono'
import { z } from 'zod'
import type { ServerContext } from '../../context.js'
import { ApiError } from '../../http/api-error.js'
import type { AppEnv } from '../../http/env.js'
import { readBody } from '../../http/read-body.js'
import { requireAccess } from '../../sessions/authenticate-request.js'
import { assertLoginMethodEnabled } from '../shared/access-control.js'
import { linkVerifiedAccount } from '../shared/link-account.js'
import { unlinkAccount } from '../shared/unlink-account.js'
import { base64url, registrationAnswer, relyingParty } from './answers.js'
import { issueChallenge } from './challenge-store.js'
import { creationOptions } from './options.js'
import type { PasskeyDetails } from './passkey-account.js'
import { relyingPartyId } from './relying-party.js'
import { verifyPasskeyRegistration } from './verify-registration.js'

const linkBody = z.object({ relying_party: relyingParty, authenticator_response: registrationAnswer })
const unlinkBody = z.object({ credential_id: base64url })

/** `POST /link/init`: creation options for another passkey of the caller, excluding those they have. */
export async function initLink(ctx: ServerContext, c: Context<AppEnv>) {
  const app = c.var.app
  assertLoginMethodEnabled(app, 'passkey')
  const caller = await requireAccess(ctx, c)
  const rpId = relyingPartyId(app, c.req.header('origin'))
  const challenge = await issueChallenge(ctx, app.id, 'link', caller.userId)
  const owned = await ctx.db.query<{ address: string }>("SELECT address FROM linked_accounts WHERE user_id = $1 AND type = 'passkey'", [caller.userId])
  const options = await creationOptions(
    app,
    rpId,
    challenge,
    { id: caller.userId, name: caller.userId },
    owned.map((row) => row.address),
  )
  return c.json({ relying_party: rpId, options })
}

/** `POST /link`: links the new passkey to the caller. */
export async function link(ctx: ServerContext, c: Context<AppEnv>) {
  const app = c.var.app
  assertLoginMethodEnabled(app, 'passkey')
  const caller = await requireAccess(ctx, c)
  const body = await readBody(c, linkBody)
  const account = await verifyPasskeyRegistration(
    ctx,
    app,
    body.authenticator_response as RegistrationResponseJSON,
    'link',
    caller.userId,
    c.req.header('user-agent'),
  )
  return c.json(await linkVerifiedAccount(ctx, app, caller.userId, 'passkey', account))
}

/** `POST /unlink`: any passkey of the caller's but one enrolled in MFA. */
export async function unlink(ctx: ServerContext, c: Context<AppEnv>) {
  const app = c.var.app
  const caller = await requireAccess(ctx, c)
  const { credential_id } = await readBody(c, unlinkBody)
  const [stored] = await ctx.db.query<{ details: PasskeyDetails }>(
    "SELECT details FROM linked_accounts WHERE app_id = $1 AND type = 'passkey' AND address = $2 AND user_id = $3",
    [app.id, credential_id, caller.userId],
  )
  if (stored?.details.enrolled_in_mfa) throw new ApiError(400, 'invalid_data', 'Cannot unlink a passkey enrolled in MFA')
  return c.json(await unlinkAccount(ctx, app, caller.userId, 'passkey', credential_id))
}
