/**
 * The strings of the React wrapper's `UserPill` (the reference SDK's account pill; the spec is silent on it). The
 * wrapper reads them through elements/user-pill-text.ts, in the provider modal's locale.
 */
export const userPillCopy = {
  'userPill.login': 'Log in',
  'userPill.account': 'Account',
  'userPill.logout': 'Log out',
}
