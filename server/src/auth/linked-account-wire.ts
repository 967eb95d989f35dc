import type { LinkedAccountType } from '../../../src/protocol/index.js'

/** How a method's linked accounts appear in the user DTO. */
export interface LinkedAccountWire {
  types: readonly LinkedAccountType[]
  /** The wire field holding the account's key (the `address` column). */
  keyField(key: string): Record<string, string | number>
  /** Stored details that are bookkeeping, not part of the wire shape. */
  internalDetails?: readonly string[]
}
