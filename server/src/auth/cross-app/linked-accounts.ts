import type { LinkedAccountWire } from '../linked-account-wire.js'

export const crossAppLinkedAccounts: LinkedAccountWire = { types: ['cross_app'], keyField: (key) => ({ subject: key }) }
