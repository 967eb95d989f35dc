import type { LinkedAccountWire } from '../linked-account-wire.js'

export const farcasterLinkedAccounts: LinkedAccountWire = { types: ['farcaster'], keyField: (key) => ({ fid: Number(key) }) }
