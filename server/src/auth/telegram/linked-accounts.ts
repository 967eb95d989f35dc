import type { LinkedAccountWire } from '../linked-account-wire.js'

export const telegramLinkedAccounts: LinkedAccountWire = { types: ['telegram'], keyField: (key) => ({ telegram_user_id: key }) }
