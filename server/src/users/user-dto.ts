import type { LinkedAccountDto, UserDto } from '../../../src/protocol/index.js'
import type { LinkedAccountWire } from '../auth/login-method.js'
import type { Queryable } from '../db/types.js'
import { listMfaFactors } from '../mfa/factor-store.js'

interface UserRow { id: string; created_at: number; has_accepted_terms: boolean; is_guest: boolean; custom_metadata: Record<string, string | number | boolean> | null }
interface AccountRow {
  type: LinkedAccountDto['type']
  address: string
  details: Record<string, unknown>
  verified_at: number
  first_verified_at: number | null
  latest_verified_at: number | null
}

const seconds = (ms: number | null) => (ms === null ? null : Math.floor(ms / 1000))

/** Loads the user (scoped to its app) as the wire shape, or null. */
export async function loadUserDto(db: Queryable, appId: string, userId: string): Promise<UserDto | null> {
  const [user] = await db.query<UserRow>(
    'SELECT id, created_at, has_accepted_terms, is_guest, custom_metadata FROM users WHERE id = $1 AND app_id = $2',
    [userId, appId],
  )
  if (!user) return null
  const accounts = await db.query<AccountRow>(
    'SELECT type, address, details, verified_at, first_verified_at, latest_verified_at FROM linked_accounts WHERE user_id = $1 ORDER BY id',
    [userId],
  )
  // Loaded on call, not on import: the list imports the routes, which import this file.
  const { loginMethodModules } = await import('../auth/login-methods.js')
  const wires = loginMethodModules.flatMap((method) => method.linkedAccounts ?? [])
  const linked = accounts.map((row) => ({
    ...wireDetails(row.details, wires),
    type: row.type,
    ...keyField(row.type, row.address, wires),
    verified_at: Math.floor(row.verified_at / 1000),
    first_verified_at: seconds(row.first_verified_at),
    latest_verified_at: seconds(row.latest_verified_at),
  })) as LinkedAccountDto[]
  return {
    id: user.id,
    created_at: Math.floor(user.created_at / 1000),
    linked_accounts: linked,
    mfa_methods: (await listMfaFactors(db, userId)).map((factor) => ({ type: factor.type, verified_at: Math.floor(factor.verified_at / 1000) })),
    has_accepted_terms: user.has_accepted_terms,
    is_guest: user.is_guest,
    ...(user.custom_metadata ? { custom_metadata: user.custom_metadata } : {}),
  }
}

/** The wire field that holds an account's key (the `address` column), as the account's login method names it. */
function keyField(type: LinkedAccountDto['type'], key: string, wires: readonly LinkedAccountWire[]): Record<string, string | number> {
  return wires.find((wire) => wire.types.includes(type))?.keyField(key) ?? { address: key }
}

/** Stored bookkeeping that is not part of an account's wire shape (e.g. a passkey's signature counter). */
function wireDetails(details: Record<string, unknown>, wires: readonly LinkedAccountWire[]): Record<string, unknown> {
  const internal = wires.flatMap((wire) => wire.internalDetails ?? [])
  return Object.fromEntries(Object.entries(details).filter(([key]) => !internal.includes(key)))
}
