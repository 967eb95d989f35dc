// Shared by both demos: how a linked account is named, and the session with the demo identity provider.

/** The identifier a linked account is known by (address, number, provider account or the app's user id). */
export function accountIdentifier(account) {
  if (account.type === 'email') return account.address
  if (account.type === 'phone') return account.number
  if (account.type === 'custom_auth') return account.customUserId
  if (account.type === 'passkey') return account.credentialId
  if (account.type === 'wallet' || account.type === 'smart_wallet') return account.address
  if (account.type === 'telegram') return account.username ? `@${account.username} (${account.telegramUserId})` : account.telegramUserId
  if (account.type === 'farcaster') return account.username ? `@${account.username} (fid ${account.fid})` : `fid ${account.fid}`
  return account.email ?? account.username ?? account.subject ?? ''
}

/** `google` for a `google_oauth` account; null for other kinds. */
export function oauthProviderOf(account) {
  return account.type.endsWith('_oauth') ? account.type.slice(0, -'_oauth'.length) : null
}

/** Only the kinds the demos can unlink get a button (custom-auth accounts follow the app's own session). */
/** An embedded wallet belongs to the user's account, not linked by them: the wallet panel lists it, and it cannot be unlinked. */
export const isEmbeddedWallet = (account) => account.type === 'wallet' && account.walletClientType === 'privy'

/** The accounts the linked-accounts list shows. */
export const userLinkedAccounts = (user) => (user?.linkedAccounts ?? []).filter((account) => !isEmbeddedWallet(account))

export const canUnlink = (account) =>
  account.type === 'email' ||
  account.type === 'cross_app' ||
  account.type === 'phone' ||
  account.type === 'passkey' ||
  account.type === 'farcaster' ||
  account.type === 'telegram' ||
  account.type === 'wallet' ||
  oauthProviderOf(account) !== null

const sessionKey = 'tessera-demo:idp-token'

/**
 * The demo app's OWN sign-in, a stand-in for a real one: the demo server's `/demo-idp/token` issues a
 * JWT for any name, which Tessera verifies as a custom JWT. The token lives in this tab's sessionStorage.
 */
export const demoIdpSession = {
  token: () => sessionStorage.getItem(sessionKey),
  async signIn(user) {
    const response = await fetch(`/demo-idp/token?user=${encodeURIComponent(user)}`)
    const body = await response.json()
    if (!response.ok) throw new Error(body.error ?? `The demo identity provider answered ${response.status}`)
    sessionStorage.setItem(sessionKey, body.token)
    return body.token
  },
  signOut: () => sessionStorage.removeItem(sessionKey),
}
