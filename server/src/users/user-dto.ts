import type { LinkedAccountDto, UserDto } from '../../../src/protocol/index.js'
import { linkedAccountWires } from '../auth/linked-account-wires.js'
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

/** Each account type's wire form, and the stored details no wire form shows (a passkey's signature counter). */
const wireByType = new Map(linkedAccountWires.flatMap((wire) => wire.types.map((type) => [type, wire] as const)))
const internalDetails = new Set(linkedAccountWires.flatMap((wire) => wire.internalDetails ?? []))

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
  const linked = accounts.map((row) => ({
    ...Object.fromEntries(Object.entries(row.details).filter(([key]) => !internalDetails.has(key))),
    type: row.type,
    ...(wireByType.get(row.type)?.keyField(row.address) ?? { address: row.address }),
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
