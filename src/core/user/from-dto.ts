/** Maps the snake_case wire user to the camelCase entity (sign-in spec, "Entities and their fields"). */
import type { LinkedAccountDto, UserDto } from '../../protocol/index.js'
import { loginMethods } from '../auth/login-methods.js'
import type { AccountFields, AccountMappers, DtoOf } from './account-mapper.js'
import type { LinkedAccount, User, WalletAccount } from './types.js'

const toDate = (seconds: number) => new Date(seconds * 1000)
const toDateOrNull = (seconds: number | null | undefined) => (typeof seconds === 'number' ? toDate(seconds) : null)

const walletChainTypes: Record<string, WalletAccount['chainType']> = {
  ethereum: 'ethereum',
  solana: 'solana',
  'bitcoin-segwit': 'bitcoin',
  'bitcoin-taproot': 'bitcoin',
}

function walletFromDto(dto: DtoOf<'wallet'>): AccountFields | null {
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
  }
}

/** The wallets' account types; each login method declares its own (`accounts` in its module). */
const walletAccounts: AccountMappers = {
  map: {
    wallet: walletFromDto,
    smart_wallet: (dto) => ({
      type: 'smart_wallet',
      address: dto.address,
      smartWalletType: dto.smart_wallet_type,
      smartWalletVersion: dto.smart_wallet_version ?? null,
    }),
  },
  slots: { wallet: 'wallet', smart_wallet: 'smartWallet' },
}
const accountMappers: AccountMappers['map'] = Object.assign({}, walletAccounts.map, ...loginMethods.map((method) => method.accounts?.map))
const slotByType: NonNullable<AccountMappers['slots']> = Object.assign({}, walletAccounts.slots, ...loginMethods.map((method) => method.accounts?.slots))

/** Null for an account type (or wallet chain) this client does not know. */
export function linkedAccountFromDto(dto: LinkedAccountDto): LinkedAccount | null {
  const mapper = Object.hasOwn(accountMappers, dto.type) ? (accountMappers[dto.type] as (dto: LinkedAccountDto) => AccountFields | null) : null
  const fields = mapper?.(dto)
  if (!fields) return null
  return {
    ...fields,
    verifiedAt: toDate(dto.verified_at),
    firstVerifiedAt: toDateOrNull(dto.first_verified_at),
    latestVerifiedAt: toDateOrNull(dto.latest_verified_at),
  } as LinkedAccount
}

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
    const slot = slotByType[account.type]
    if (slot && !slots[slot]) slots[slot] = account
  }
  return user
}

function describe(dto: { type: string; chain_type?: unknown }): string {
  return dto.type === 'wallet' ? `wallet (chain ${String(dto.chain_type)})` : `'${dto.type}'`
}
