/** Maps the snake_case wire user to the camelCase entity (document 1 §3). */
import type { LinkedAccountDto, UserDto } from '../../protocol/index.js'
import type { LinkedAccount, User, WalletAccount } from './types.js'

const toDate = (seconds: number) => new Date(seconds * 1000)
const toDateOrNull = (seconds: number | null | undefined) => (typeof seconds === 'number' ? toDate(seconds) : null)

const walletChainTypes: Record<string, WalletAccount['chainType']> = {
  ethereum: 'ethereum',
  solana: 'solana',
  'bitcoin-segwit': 'bitcoin',
  'bitcoin-taproot': 'bitcoin',
}

/** Null for an account type (or wallet chain) this client does not know. */
export function linkedAccountFromDto(dto: LinkedAccountDto): LinkedAccount | null {
  const times = {
    verifiedAt: toDate(dto.verified_at),
    firstVerifiedAt: toDateOrNull(dto.first_verified_at),
    latestVerifiedAt: toDateOrNull(dto.latest_verified_at),
  }
  switch (dto.type) {
    case 'email':
      return { type: 'email', address: dto.address, ...times }
    case 'phone':
      return { type: 'phone', number: dto.number ?? dto.phoneNumber ?? '', ...times }
    case 'wallet': {
      const chainType = walletChainTypes[dto.chain_type]
      if (!chainType) return null
      return {
        type: 'wallet',
        id: dto.id ?? null,
        address: dto.address,
        imported: dto.imported ?? false,
        delegated: dto.delegated ?? false,
        chainType,
        chainId: dto.chain_id ?? null,
        walletClientType: dto.wallet_client_type ?? null,
        connectorType: dto.connector_type ?? null,
        recoveryMethod: dto.recovery_method ?? null,
        walletIndex: dto.wallet_index ?? null,
        ...times,
      }
    }
    case 'smart_wallet':
      return {
        type: 'smart_wallet',
        address: dto.address,
        smartWalletType: dto.smart_wallet_type,
        smartWalletVersion: dto.smart_wallet_version ?? null,
        ...times,
      }
    case 'cross_app':
      return {
        type: 'cross_app',
        subject: dto.subject,
        embeddedWallets: dto.embedded_wallets.map(({ address }) => ({ address })),
        smartWallets: dto.smart_wallets.map(({ address }) => ({ address })),
        providerApp: { id: dto.provider_app.id, name: dto.provider_app.name ?? null, logoUrl: dto.provider_app.logo_url ?? null },
        ...times,
      }
    case 'google_oauth':
    case 'spotify_oauth':
      return { type: dto.type, subject: dto.subject, email: dto.email ?? null, name: dto.name ?? null, ...times }
    case 'apple_oauth':
      return { type: 'apple_oauth', subject: dto.subject, email: dto.email ?? null, ...times }
    case 'instagram_oauth':
      return { type: 'instagram_oauth', subject: dto.subject, username: dto.username ?? null, ...times }
    case 'twitter_oauth':
      return {
        type: 'twitter_oauth',
        subject: dto.subject,
        username: dto.username ?? null,
        name: dto.name ?? null,
        profilePictureUrl: dto.profile_picture_url ?? null,
        ...times,
      }
    case 'discord_oauth':
      return { type: 'discord_oauth', subject: dto.subject, username: dto.username ?? null, email: dto.email ?? null, ...times }
    case 'github_oauth':
      return {
        type: 'github_oauth',
        subject: dto.subject,
        username: dto.username ?? null,
        name: dto.name ?? null,
        email: dto.email ?? null,
        ...times,
      }
    case 'tiktok_oauth':
      return { type: 'tiktok_oauth', subject: dto.subject, username: dto.username ?? null, name: dto.name ?? null, ...times }
    case 'line_oauth':
      return {
        type: 'line_oauth',
        subject: dto.subject,
        name: dto.name ?? null,
        email: dto.email ?? null,
        profilePictureUrl: dto.profile_picture_url ?? null,
        ...times,
      }
    case 'linkedin_oauth':
      return {
        type: 'linkedin_oauth',
        subject: dto.subject,
        name: dto.name ?? null,
        email: dto.email ?? null,
        vanityName: dto.vanity_name ?? null,
        ...times,
      }
    case 'custom_auth':
      return { type: 'custom_auth', customUserId: dto.custom_user_id, ...times }
    case 'farcaster':
      return {
        type: 'farcaster',
        fid: dto.fid,
        ownerAddress: dto.owner_address,
        displayName: dto.display_name ?? null,
        username: dto.username ?? null,
        bio: dto.bio ?? null,
        pfp: dto.profile_picture_url ?? null,
        url: dto.homepage_url ?? null,
        signerPublicKey: dto.signer_public_key ?? null,
        ...times,
      }
    case 'passkey':
      return {
        type: 'passkey',
        enrolledInMfa: dto.enrolled_in_mfa,
        credentialId: dto.credential_id,
        publicKey: dto.public_key ?? null,
        authenticatorName: dto.authenticator_name ?? null,
        createdWithDevice: dto.created_with_device ?? null,
        createdWithOs: dto.created_with_os ?? null,
        createdWithBrowser: dto.created_with_browser ?? null,
        ...times,
      }
    case 'telegram':
      return {
        type: 'telegram',
        telegramUserId: dto.telegram_user_id,
        firstName: dto.first_name ?? null,
        lastName: dto.last_name ?? null,
        username: dto.username ?? null,
        photoUrl: dto.photo_url ?? null,
        ...times,
      }
    default:
      return null
  }
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
