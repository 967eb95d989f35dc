import { randomInt } from 'node:crypto'
import { APP_ID_LENGTH } from '../../../src/protocol/index.js'

const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789'

/** A random id of `length` lowercase letters and digits (apps: 25 characters, like the hosted service). */
export function randomId(length = APP_ID_LENGTH): string {
  let id = ''
  for (let i = 0; i < length; i++) id += alphabet[randomInt(alphabet.length)]
  return id
}
