import type { LinkedAccountDto, UserDto } from '../../../src/protocol/index.js'
import type { ServerContext } from '../context.js'

interface AccountJson {
  type: LinkedAccountDto['type']
  address: string
  details: Record<string, unknown>
  verified_at: number
  first_verified_at: number | null
  latest_verified_at: number | null
}
/** A session's times, as `isSessionLive` (sessions/store.ts) reads them. */
export interface SessionTimesJson {
  revoked_at: number | null
  expires_at: number
  created_at: number
}
interface UserRow {
  id: string
  created_at: number
  has_accepted_terms: boolean
  is_guest: boolean
  custom_metadata: Record<string, string | number | boolean> | null
  accounts: AccountJson[]
  factors: { type: UserDto['mfa_methods'][number]['type']; verified_at: number }[]
  session: SessionTimesJson | null
}

// One statement: the user, its accounts and MFA factors as json arrays, and optionally the times of one of its sessions.
const userSql = `SELECT u.id, u.created_at, u.has_accepted_terms, u.is_guest, u.custom_metadata,
  COALESCE((SELECT json_agg(json_build_object('type', a.type, 'address', a.address, 'details', a.details, 'verified_at', a.verified_at,
    'first_verified_at', a.first_verified_at, 'latest_verified_at', a.latest_verified_at) ORDER BY a.id)
    FROM linked_accounts a WHERE a.user_id = u.id), '[]') AS accounts,
  COALESCE((SELECT json_agg(json_build_object('type', f.type, 'verified_at', f.verified_at) ORDER BY f.verified_at, f.type)
    FROM mfa_factors f WHERE f.user_id = u.id), '[]') AS factors,
  (SELECT json_build_object('revoked_at', s.revoked_at, 'expires_at', s.expires_at, 'created_at', s.created_at)
    FROM sessions s WHERE s.id = $3 AND s.user_id = u.id AND s.app_id = u.app_id) AS session
  FROM users u WHERE u.id = $1 AND u.app_id = $2`

const seconds = (ms: number | null) => (ms === null ? null : Math.floor(ms / 1000))

/** The database, and each account type's wire form with the stored details no wire form shows (a passkey's signature counter). */
type UserDtoContext = Pick<ServerContext, 'db' | 'linkedAccountWires'>

/** Loads the user (scoped to its app) as the wire shape, or null. */
export async function loadUserDto(ctx: UserDtoContext, appId: string, userId: string): Promise<UserDto | null> {
  return (await loadUserDtoWithSession(ctx, appId, userId, null))?.user ?? null
}

/** The user as `loadUserDto` gives it, and the times of its session `sessionId` in the app (null: none), in one statement. */
export async function loadUserDtoWithSession(
  { db, linkedAccountWires: wires }: UserDtoContext,
  appId: string,
  userId: string,
  sessionId: string | null,
): Promise<{ user: UserDto; session: SessionTimesJson | null } | null> {
  const [row] = await db.query<UserRow>(userSql, [userId, appId, sessionId])
  if (!row) return null
  const linked = row.accounts.map((account) => ({
    ...Object.fromEntries(Object.entries(account.details).filter(([key]) => !wires.internalDetails.has(key))),
    type: account.type,
    ...(wires.byType.get(account.type)?.keyField(account.address) ?? { address: account.address }),
    verified_at: Math.floor(account.verified_at / 1000),
    first_verified_at: seconds(account.first_verified_at),
    latest_verified_at: seconds(account.latest_verified_at),
  })) as LinkedAccountDto[]
  const user: UserDto = {
    id: row.id,
    created_at: Math.floor(row.created_at / 1000),
    linked_accounts: linked,
    mfa_methods: row.factors.map((factor) => ({ type: factor.type, verified_at: Math.floor(factor.verified_at / 1000) })),
    has_accepted_terms: row.has_accepted_terms,
    is_guest: row.is_guest,
    ...(row.custom_metadata ? { custom_metadata: row.custom_metadata } : {}),
  }
  return { user, session: row.session }
}
