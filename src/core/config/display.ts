import { LOGIN_MESSAGE_MAX_LENGTH } from '../../protocol/index.js'

/** The login message as shown: at most 100 characters (whole code points, so emoji are never split). */
export function displayLoginMessage(message: string | null | undefined): string | null {
  if (!message) return null
  const chars = Array.from(message)
  return chars.length > LOGIN_MESSAGE_MAX_LENGTH ? chars.slice(0, LOGIN_MESSAGE_MAX_LENGTH).join('') : message
}
