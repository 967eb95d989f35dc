import type { LinkedAccountWire } from '../linked-account-wire.js'

export const smsLinkedAccounts: LinkedAccountWire = { types: ['phone'], keyField: (key) => ({ number: key, phoneNumber: key }) }
