/** Maps the snake_case wire user to the camelCase entity (sign-in spec, "Entities and their fields"). */
import type { LinkedAccountDto, LinkedAccountType, UserDto } from '../../protocol/index.js'
import type { LinkedAccount, User, WalletAccount } from './types.js'

const toDate = (seconds: number) => new Date(seconds * 1000)
const toDateOrNull = (seconds: number | null | undefined) => (typeof seconds === 'number' ? toDate(seconds) : null)

const walletChainTypes: Record<string, WalletAccount['chainType']> = {
  ethereum: 'ethereum',
  solana: 'solana',
  'bitcoin-segwit': 'bitcoin',
  'bitcoin-taproot': 'bitcoin',
}

type Times = Pick<LinkedAccount, 'verifiedAt' | 'firstVerifiedAt' | 'latestVerifiedAt'>
type AccountFields = LinkedAccount extends infer A ? (A extends LinkedAccount ? Omit<A, keyof Times> : never) : never
/** The wire account of one type (OAuth accounts share one DTO whose `type` is a union). */
type DtoOf<T extends LinkedAccountType> = LinkedAccountDto extends infer D ? (D extends { type: infer U } ? (T extends U ? D & { type: T } : never) : never) : never
type AccountMappers = { [T in LinkedAccountType]: (dto: DtoOf<T>) => AccountFields | null }

function walletFromDto(dto: DtoOf<'wallet'>): AccountFields | null {
  const chainType = walletChainTypes[dto.chain_type]
  if (!chainType) return null
  return {
    type: 'wallet', id: dto.id ?? null, address: dto.address, imported: dto.imported ?? false, delegated: dto.delegated ?? false,
    chainType, chainId: dto.chain_id ?? null, walletClientType: dto.wallet_client_type ?? null, connectorType: dto.connector_type ?? null,
    recoveryMethod: dto.recovery_method ?? null, walletIndex: dto.wallet_index ?? null,
  }
}

/** One mapper per account type: each picks its own fields from the wire account. */
const accountMappers: AccountMappers = {
  email: (dto) => ({ type: 'email', address: dto.address }),
  phone: (dto) => ({ type: 'phone', number: dto.number ?? dto.phoneNumber ?? '' }),
  wallet: walletFromDto,
  smart_wallet: (dto) => ({ type: 'smart_wallet', address: dto.address, smartWalletType: dto.smart_wallet_type, smartWalletVersion: dto.smart_wallet_version ?? null }),
  cross_app: (dto) => ({
    type: 'cross_app', subject: dto.subject,
    embeddedWallets: dto.embedded_wallets.map(({ address }) => ({ address })),
    smartWallets: dto.smart_wallets.map(({ address }) => ({ address })),
    providerApp: { id: dto.provider_app.id, name: dto.provider_app.name ?? null, logoUrl: dto.provider_app.logo_url ?? null },
  }),
  google_oauth: (dto) => ({ type: 'google_oauth', subject: dto.subject, email: dto.email ?? null, name: dto.name ?? null }),
  spotify_oauth: (dto) => ({ type: 'spotify_oauth', subject: dto.subject, email: dto.email ?? null, name: dto.name ?? null }),
  apple_oauth: (dto) => ({ type: 'apple_oauth', subject: dto.subject, email: dto.email ?? null }),
  instagram_oauth: (dto) => ({ type: 'instagram_oauth', subject: dto.subject, username: dto.username ?? null }),
  twitter_oauth: (dto) => ({ type: 'twitter_oauth', subject: dto.subject, username: dto.username ?? null, name: dto.name ?? null, profilePictureUrl: dto.profile_picture_url ?? null }),
  discord_oauth: (dto) => ({ type: 'discord_oauth', subject: dto.subject, username: dto.username ?? null, email: dto.email ?? null }),
  github_oauth: (dto) => ({ type: 'github_oauth', subject: dto.subject, username: dto.username ?? null, name: dto.name ?? null, email: dto.email ?? null }),
  tiktok_oauth: (dto) => ({ type: 'tiktok_oauth', subject: dto.subject, username: dto.username ?? null, name: dto.name ?? null }),
  line_oauth: (dto) => ({ type: 'line_oauth', subject: dto.subject, name: dto.name ?? null, email: dto.email ?? null, profilePictureUrl: dto.profile_picture_url ?? null }),
  linkedin_oauth: (dto) => ({ type: 'linkedin_oauth', subject: dto.subject, name: dto.name ?? null, email: dto.email ?? null, vanityName: dto.vanity_name ?? null }),
  custom_auth: (dto) => ({ type: 'custom_auth', customUserId: dto.custom_user_id }),
  farcaster: (dto) => ({
    type: 'farcaster', fid: dto.fid, ownerAddress: dto.owner_address, displayName: dto.display_name ?? null, username: dto.username ?? null,
    bio: dto.bio ?? null, pfp: dto.profile_picture_url ?? null, url: dto.homepage_url ?? null, signerPublicKey: dto.signer_public_key ?? null,
  }),
  passkey: (dto) => ({
    type: 'passkey', enrolledInMfa: dto.enrolled_in_mfa, credentialId: dto.credential_id, publicKey: dto.public_key ?? null,
    authenticatorName: dto.authenticator_name ?? null, createdWithDevice: dto.created_with_device ?? null,
    createdWithOs: dto.created_with_os ?? null, createdWithBrowser: dto.created_with_browser ?? null,
  }),
  telegram: (dto) => ({
    type: 'telegram', telegramUserId: dto.telegram_user_id, firstName: dto.first_name ?? null, lastName: dto.last_name ?? null,
    username: dto.username ?? null, photoUrl: dto.photo_url ?? null,
  }),
}

/** Null for an account type (or wallet chain) this client does not know. */
export function linkedAccountFromDto(dto: LinkedAccountDto): LinkedAccount | null {
  const mapper = Object.hasOwn(accountMappers, dto.type) ? (accountMappers[dto.type] as (dto: LinkedAccountDto) => AccountFields | null) : null
  const fields = mapper?.(dto)
  if (!fields) return null
  return { ...fields, verifiedAt: toDate(dto.verified_at), firstVerifiedAt: toDateOrNull(dto.first_verified_at), latestVerifiedAt: toDateOrNull(dto.latest_verified_at) } as LinkedAccount
}

/** Which convenience slot holds the first account of each type. */
const slotByType = {
  email: 'email',
  phone: 'phone',
  wallet: 'wallet',
  smart_wallet: 'smartWallet',
  google_oauth: 'google',
  twitter_oauth: 'twitter',
  discord_oauth: 'discord',
  github_oauth: 'github',
  spotify_oauth: 'spotify',
  instagram_oauth: 'instagram',
  tiktok_oauth: 'tiktok',
  line_oauth: 'line',
  linkedin_oauth: 'linkedin',
  apple_oauth: 'apple',
  farcaster: 'farcaster',
  telegram: 'telegram',
} as const satisfies Partial<Record<LinkedAccount['type'], keyof User>>

export function userFromDto(dto: UserDto): User {
  const linkedAccounts: LinkedAccount[] = []
  for (const accountDto of dto.linked_accounts) {
    const account = linkedAccountFromDto(accountDto)
    if (account) linkedAccounts.push(account)
    else console.warn(`[tessera] Skipping linked account of unknown type ${describe(accountDto)}`)
  }
  const user: User = {
    id: dto.id,
    createdAt: toDate(dto.created_at),
    linkedAccounts,
    hasAcceptedTerms: dto.has_accepted_terms ?? false,
    isGuest: dto.is_guest ?? false,
    customMetadata: dto.custom_metadata ?? {},
    mfaMethods: (dto.mfa_methods ?? []).map((method) => ({ type: method.type, verifiedAt: toDate(method.verified_at) })),
    delegatedWallets: [],
  }
  const slots = user as unknown as Record<string, LinkedAccount | undefined>
  for (const account of linkedAccounts) {
    const slot = slotByType[account.type as keyof typeof slotByType]
    if (slot && !slots[slot]) slots[slot] = account
  }
  return user
}

function describe(dto: { type: string; chain_type?: unknown }): string {
  return dto.type === 'wallet' ? `wallet (chain ${String(dto.chain_type)})` : `'${dto.type}'`
}
