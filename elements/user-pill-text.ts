/**
 * The texts of the React wrapper's `UserPill` in an element's language (the wrapper may not read the copy tables
 * itself): the element's `messages`, then its locale's shipped table, then English. Tables load on first call.
 */
import type { Messages } from '../src/ui/copy/locale-table.js'
import type { userPillCopy } from '../src/ui/copy/user-pill.js'

export type UserPillText = Record<keyof typeof userPillCopy, string>

export async function userPillText(element: { locale?: string | null; messages?: Messages | null } | null): Promise<UserPillText> {
  const tag = element?.locale || globalThis.document?.documentElement.lang || ''
  const [{ userPillCopy: english }, { strings }] = await Promise.all([
    import('../src/ui/copy/user-pill.js'),
    tag ? import('../src/ui/copy/locale.js').then(({ resolveLocale }) => resolveLocale(tag)) : { strings: {} as Messages },
  ])
  const overrides: Messages = element?.messages ?? {}
  const keys = Object.keys(english) as (keyof UserPillText)[]
  return Object.fromEntries(keys.map((key) => [key, overrides[key] ?? strings[key] ?? english[key]])) as UserPillText
}
