import type { LinkedAccount } from 'tessera'

export declare function accountIdentifier(account: LinkedAccount): string
export declare function oauthProviderOf(account: LinkedAccount): string | null
export declare function canUnlink(account: LinkedAccount): boolean
export declare function isEmbeddedWallet(account: LinkedAccount): boolean
export declare function userLinkedAccounts(user: { linkedAccounts: LinkedAccount[] } | null | undefined): LinkedAccount[]
export declare const demoIdpSession: {
  token(): string | null
  signIn(user: string): Promise<string>
  signOut(): void
}
