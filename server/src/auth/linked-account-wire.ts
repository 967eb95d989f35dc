import type { LinkedAccountType } from '../../../src/protocol/index.js'

/** How a method's linked accounts appear in the user DTO. */
export interface LinkedAccountWire {
  types: readonly LinkedAccountType[]
  /** The wire field holding the account's key (the `address` column). */
  keyField(key: string): Record<string, string | number>
  /** Stored details that are bookkeeping, not part of the wire shape. */
  internalDetails?: readonly string[]
}

/** The login methods' wires as the user DTO looks them up: each account type's wire, and the details no wire shows. */
export interface LinkedAccountWires {
  byType: ReadonlyMap<LinkedAccountType, LinkedAccountWire>
  internalDetails: ReadonlySet<string>
}

export function indexLinkedAccountWires(wires: readonly LinkedAccountWire[]): LinkedAccountWires {
  return {
    byType: new Map(wires.flatMap((wire) => wire.types.map((type) => [type, wire] as const))),
    internalDetails: new Set(wires.flatMap((wire) => wire.internalDetails ?? [])),
  }
}
