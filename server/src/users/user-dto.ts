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

/** Each account type's wire form, from the login methods, and the stored details no wire form shows (a passkey's signature counter). */
interface AccountWires { byType: ReadonlyMap<LinkedAccountDto['type'], LinkedAccountWire>; internalDetails: ReadonlySet<string> }
let accountWires: Promise<AccountWires> | undefined
// Loaded on first use, not on import (the list imports the routes, which import this file), then kept.
const loadAccountWires = () => (accountWires ??= import('../auth/login-methods.js').then(({ loginMethodModules }) => {
  const wires = loginMethodModules.flatMap((method) => method.linkedAccounts ?? [])
  return {
    byType: new Map(wires.flatMap((wire) => wire.types.map((type) => [type, wire] as const))),
    internalDetails: new Set(wires.flatMap((wire) => wire.internalDetails ?? [])),
  }
}))

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
  const wires = await loadAccountWires()
  const linked = accounts.map((row) => ({
    ...Object.fromEntries(Object.entries(row.details).filter(([key]) => !wires.internalDetails.has(key))),
    type: row.type,
    ...(wires.byType.get(row.type)?.keyField(row.address) ?? { address: row.address }),
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
