import type { LinkedAccountWire } from '../linked-account-wire.js'

export const customAuthLinkedAccounts: LinkedAccountWire = { types: ['custom_auth'], keyField: (key) => ({ custom_user_id: key }) }
