import { oauthAccountType, oauthProviders, type OAuthProvider } from '../../protocol/index.js'
import type { LoginMethodName } from '../auth/types.js'
import type { LinkedAccount, User } from './types.js'

const isOAuthProvider = (method: LoginMethodName): method is OAuthProvider => (oauthProviders as readonly string[]).includes(method)

/** The key an account of this method is known by: address, number, provider subject, custom user id or passkey credential id. */
function accountKey(account: LinkedAccount, method: LoginMethodName): string | null {
  if (method === 'email') return account.type === 'email' ? account.address.toLowerCase() : null
  if (method === 'sms') return account.type === 'phone' ? account.number : null
  if (method === 'passkey') return account.type === 'passkey' ? account.credentialId : null
  if (method === 'custom_auth') return account.type === 'custom_auth' ? account.customUserId : null
  if (method === 'telegram') return account.type === 'telegram' ? account.telegramUserId : null
  // Ethereum addresses compare case-insensitively (checksum case varies); Solana's base58 is case-sensitive.
  if (method === 'siwe') return account.type === 'wallet' && account.chainType === 'ethereum' ? account.address.toLowerCase() : null
  if (method === 'siws') return account.type === 'wallet' && account.chainType === 'solana' ? account.address : null
  if (method === 'farcaster') return account.type === 'farcaster' ? String(account.fid) : null
  if (isOAuthProvider(method)) return account.type === oauthAccountType(method) && 'subject' in account ? account.subject : null
  if (method.startsWith('privy:')) return account.type === 'cross_app' && account.providerApp.id === method.slice('privy:'.length) ? account.subject : null
  return null
}

/** The user's account of `method` with this address, number or subject (emails and Ethereum addresses compare case-insensitively). */
export function findLinkedAccount(user: User, method: LoginMethodName, key: string): LinkedAccount | null {
  const wanted = method === 'email' || method === 'siwe' ? key.toLowerCase() : key
  return user.linkedAccounts.find((account) => accountKey(account, method) === wanted) ?? null
}
