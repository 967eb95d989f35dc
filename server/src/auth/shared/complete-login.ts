import type { AuthMode, AuthenticatedUserDto, OAuthTokensDto } from '../../../../src/protocol/index.js'
import type { AppRecord, LoginMethod } from '../../apps/types.js'
import type { ServerContext } from '../../context.js'
import type { Queryable } from '../../db/types.js'
import { ApiError } from '../../http/api-error.js'
import { LoginMfaRequired, loginMfaChallengeFor } from '../../mfa-auth/challenge.js'
import { authenticatedResponse } from '../../sessions/authenticated-response.js'
import { createSession } from '../../sessions/store.js'
import { addLinkedAccount, countUsers, createUser, findUserIdByAccount, touchLinkedAccount } from '../../users/store.js'
import { loadUserDto } from '../../users/user-dto.js'
import { assertAllowlisted, assertLoginMethodEnabled } from './access-control.js'
import { retryOnUniqueViolation } from './retry-on-unique-violation.js'
import type { VerifiedAccount } from './verified-account.js'

export interface LoginRequest {
  method: LoginMethod
  account: VerifiedAccount
  mode?: AuthMode | null | undefined
  oauthTokens?: OAuthTokensDto
}

export interface CompletedLogin {
  body: AuthenticatedUserDto
  userId: string
  sessionId: string
}

/**
 * The one sign-in path every method ends in: method enabled, allowlist, then find or create the
 * user (sign-up rules: `no-signup`, sign-up disabled, test-mode user limit), then a new session.
 */
export async function completeLogin(ctx: ServerContext, app: AppRecord, request: LoginRequest): Promise<CompletedLogin> {
  assertLoginMethodEnabled(app, request.method)
  assertAllowlisted(app, request.account.allowlistIdentifiers)
  const { account } = request
  return signInOrSignUp(ctx, app, {
    mode: request.mode,
    oauthTokens: request.oauthTokens,
    findUserId: (tx) => findUserIdByAccount(tx, app.id, account.type, account.key),
    recordNewUser: (tx, userId, now) => addLinkedAccount(tx, app.id, userId, account.type, account.key, now, account.details),
    recordReturningUser: (tx, _userId, now) => touchLinkedAccount(tx, app.id, account.type, account.key, now, account.details),
  })
}

/** How a sign-in finds its user, and what it records for a new or returning one (a linked account, a guest credential). */
export interface SignInIdentity {
  mode?: AuthMode | null | undefined
  oauthTokens?: OAuthTokensDto | undefined
  findUserId(tx: Queryable): Promise<string | null>
  recordNewUser(tx: Queryable, userId: string, now: number): Promise<void>
  recordReturningUser?(tx: Queryable, userId: string, now: number): Promise<void>
}

/**
 * Find or create the user (sign-up rules: `no-signup`, sign-up disabled, test-mode user limit), then a
 * new session. Callers have checked the method and the allowlist: `completeLogin` for linked accounts, guests for credentials.
 */
export async function signInOrSignUp(ctx: ServerContext, app: AppRecord, identity: SignInIdentity): Promise<CompletedLogin> {
  const now = ctx.clock.now()
  // Two first logins with one new identity race on the identity's unique key: the loser retries as a returning user.
  const result = await retryOnUniqueViolation(() =>
    ctx.db.transaction(async (tx) => {
      let userId = await identity.findUserId(tx)
      const isNewUser = userId === null
      if (userId === null) {
        if (identity.mode === 'no-signup' || app.signupDisabled) throw new ApiError(400, 'user_does_not_exist', 'No account exists for this login')
        if (app.userLimit !== null) {
          // Test mode: locking the app row makes parallel sign-ups count one after another, so the limit holds exactly.
          await tx.query('SELECT id FROM apps WHERE id = $1 FOR UPDATE', [app.id])
          if ((await countUsers(tx, app.id)) >= app.userLimit) throw new ApiError(403, 'max_accounts_reached', 'This test app has reached its user limit')
        }
        userId = await createUser(tx, app.id, now)
        await identity.recordNewUser(tx, userId, now)
      } else {
        await identity.recordReturningUser?.(tx, userId, now)
        const challenge = await loginMfaChallengeFor(tx, app.id, userId, now)
        if (challenge) return { userId, isNewUser, challenge }
      }
      return { userId, isNewUser, session: await createSession(tx, app.id, userId, now) }
    }),
  )
  // Thrown once the pending sign-in is committed: every sign-in route stops here and answers it (app.ts).
  if (result.challenge) throw new LoginMfaRequired(result.challenge)
  const user = await loadUserDto(ctx, app.id, result.userId)
  if (!user) throw new ApiError(400, 'invalid_credentials', 'The account no longer exists')
  const body = await authenticatedResponse(ctx, app.id, user, result.session.sessionId, result.session.refreshToken, 'set', result.isNewUser)
  return { body: identity.oauthTokens ? { ...body, oauth_tokens: identity.oauthTokens } : body, userId: result.userId, sessionId: result.session.sessionId }
}
