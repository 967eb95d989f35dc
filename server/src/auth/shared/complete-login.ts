import type { AuthMode, AuthenticatedUserDto, OAuthTokensDto } from '../../../../src/protocol/index.js'
import type { AppRecord, LoginMethod } from '../../apps/types.js'
import type { ServerContext } from '../../context.js'
import type { Queryable } from '../../db/types.js'
import { ApiError } from '../../http/api-error.js'
import { LoginMfaRequired, loginMfaChallenge, loginMfaChallengeFor } from '../../mfa-auth/challenge.js'
import { authenticatedResponse } from '../../sessions/authenticated-response.js'
import { createSession, type IssuedSession } from '../../sessions/store.js'
import { countUsers, createUser } from '../../users/store.js'
import { loadUserDto } from '../../users/user-dto.js'
import { assertAllowlisted, assertLoginMethodEnabled } from './access-control.js'
import { retryOnUniqueViolation } from './retry-on-unique-violation.js'
import { signInWithAccount } from './sign-in-with-account.js'
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
 * The one sign-in path every method ends in: method enabled, allowlist, then find or create the user (sign-up rules:
 * `no-signup`, sign-up disabled, test-mode user limit) and start a session, in one statement (`sign-in-with-account.ts`).
 */
export async function completeLogin(ctx: ServerContext, app: AppRecord, request: LoginRequest): Promise<CompletedLogin> {
  assertLoginMethodEnabled(app, request.method)
  assertAllowlisted(app, request.account.allowlistIdentifiers)
  const { account } = request
  const now = ctx.clock.now()
  const signIn = (db: Queryable, refusal: ApiError | null) =>
    signInWithAccount(db, { appId: app.id, type: account.type, key: account.key, details: account.details, now, signupAllowed: refusal === null })
  const refusal = signupRefusal(app, request.mode)
  const outcome = await retryOnUniqueViolation(async () => {
    if (refusal || app.userLimit === null) return { refusal, result: await signIn(ctx.db, refusal) }
    // Test mode: locking the app row makes parallel sign-ups count one after another, so the limit holds exactly.
    return ctx.db.transaction(async (tx) => {
      const limitRefusal = await userLimitRefusal(tx, app)
      return { refusal: limitRefusal, result: await signIn(tx, limitRefusal) }
    })
  })
  if (!outcome.result) throw outcome.refusal ?? noAccount()
  if ('mfaRequired' in outcome.result) throw new LoginMfaRequired(await loginMfaChallenge(ctx.db, app.id, outcome.result.userId, now))
  return answerSignIn(ctx, app, outcome.result, request.oauthTokens)
}

const noAccount = () => new ApiError(400, 'user_does_not_exist', 'No account exists for this login')

/** Why an identity nobody holds may not sign up here, or null. */
function signupRefusal(app: AppRecord, mode: AuthMode | null | undefined): ApiError | null {
  return mode === 'no-signup' || app.signupDisabled ? noAccount() : null
}

async function userLimitRefusal(tx: Queryable, app: AppRecord): Promise<ApiError | null> {
  await tx.query('SELECT id FROM apps WHERE id = $1 FOR UPDATE', [app.id])
  const full = app.userLimit !== null && (await countUsers(tx, app.id)) >= app.userLimit
  return full ? new ApiError(403, 'max_accounts_reached', 'This test app has reached its user limit') : null
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
        const refusal = signupRefusal(app, identity.mode) ?? (app.userLimit === null ? null : await userLimitRefusal(tx, app))
        if (refusal) throw refusal
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
  return answerSignIn(ctx, app, result, identity.oauthTokens)
}

/** The signed-in answer: the user as it is now, the tokens of the new session, and the provider's tokens when given. */
async function answerSignIn(
  ctx: ServerContext,
  app: AppRecord,
  signedIn: { userId: string; isNewUser: boolean; session: IssuedSession },
  oauthTokens: OAuthTokensDto | undefined,
): Promise<CompletedLogin> {
  const user = await loadUserDto(ctx, app.id, signedIn.userId)
  if (!user) throw new ApiError(400, 'invalid_credentials', 'The account no longer exists')
  const { sessionId, refreshToken } = signedIn.session
  const body = await authenticatedResponse(ctx, app.id, user, sessionId, refreshToken, 'set', signedIn.isNewUser)
  return { body: oauthTokens ? { ...body, oauth_tokens: oauthTokens } : body, userId: signedIn.userId, sessionId }
}
