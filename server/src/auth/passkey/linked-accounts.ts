import type { LinkedAccountWire } from '../linked-account-wire.js'

export const passkeyLinkedAccounts: LinkedAccountWire = { types: ['passkey'], keyField: (key) => ({ credential_id: key }), internalDetails: ['sign_count'] }
