import { oauthProviders } from '../../../../src/protocol/index.js'
import type { LinkedAccountWire } from '../linked-account-wire.js'

export const oauthLinkedAccounts: LinkedAccountWire = {
  types: oauthProviders.map((provider) => `${provider}_oauth` as const),
  keyField: (key) => ({ subject: key }),
}
