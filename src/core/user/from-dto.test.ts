import { describe, expect, it, vi } from 'vitest'
import type { LinkedAccountDto } from '../../protocol/index.js'
import { userDto } from '../test-support/fixtures.js'
import { userFromDto } from './from-dto.js'

const t = { verified_at: 1_700_000_000, first_verified_at: 1_600_000_000, latest_verified_at: null }
const times = { verifiedAt: new Date(1_700_000_000_000), firstVerifiedAt: new Date(1_600_000_000_000), latestVerifiedAt: null }

/** One wire account per type of the sign-in spec, "Entities and their fields" and the entity it must become. */
const cases: [LinkedAccountDto, object][] = [
  [
    { type: 'email', address: 'a@b.co', ...t },
    { type: 'email', address: 'a@b.co' },
  ],
  [
    { type: 'phone', number: '+15555550100', ...t },
    { type: 'phone', number: '+15555550100' },
  ],
  [
    {
      type: 'wallet',
      id: 'w1',
      address: '0xabc',
      imported: false,
      delegated: true,
      chain_type: 'ethereum',
      chain_id: 'eip155:1',
      wallet_client_type: 'privy',
      connector_type: 'embedded',
      recovery_method: 'privy',
      wallet_index: 0,
      ...t,
    },
    {
      type: 'wallet',
      id: 'w1',
      address: '0xabc',
      imported: false,
      delegated: true,
      chainType: 'ethereum',
      chainId: 'eip155:1',
      walletClientType: 'privy',
      connectorType: 'embedded',
      recoveryMethod: 'privy',
      walletIndex: 0,
    },
  ],
  [
    { type: 'wallet', address: 'bc1q', chain_type: 'bitcoin-taproot', ...t },
    {
      type: 'wallet',
      id: null,
      address: 'bc1q',
      imported: false,
      delegated: false,
      chainType: 'bitcoin',
      chainId: null,
      walletClientType: null,
      connectorType: null,
      recoveryMethod: null,
      walletIndex: null,
    },
  ],
  [
    { type: 'smart_wallet', address: '0xsw', smart_wallet_type: 'kernel', smart_wallet_version: '3.1', ...t },
    { type: 'smart_wallet', address: '0xsw', smartWalletType: 'kernel', smartWalletVersion: '3.1' },
  ],
  [
    {
      type: 'cross_app',
      subject: 's',
      embedded_wallets: [{ address: '0x1' }],
      smart_wallets: [],
      provider_app: { id: 'p', name: 'Provider', logo_url: 'https://l' },
      ...t,
    },
    {
      type: 'cross_app',
      subject: 's',
      embeddedWallets: [{ address: '0x1' }],
      smartWallets: [],
      providerApp: { id: 'p', name: 'Provider', logoUrl: 'https://l' },
    },
  ],
  [
    { type: 'google_oauth', subject: 'g', email: 'g@x.co', name: 'G', ...t },
    { type: 'google_oauth', subject: 'g', email: 'g@x.co', name: 'G' },
  ],
  [
    { type: 'spotify_oauth', subject: 's', email: null, name: 'S', ...t },
    { type: 'spotify_oauth', subject: 's', email: null, name: 'S' },
  ],
  [
    { type: 'apple_oauth', subject: 'a', email: 'a@x.co', ...t },
    { type: 'apple_oauth', subject: 'a', email: 'a@x.co' },
  ],
  [
    { type: 'instagram_oauth', subject: 'i', username: 'ig', ...t },
    { type: 'instagram_oauth', subject: 'i', username: 'ig' },
  ],
  [
    { type: 'twitter_oauth', subject: 't', username: 'tw', name: 'T', profile_picture_url: 'https://p', ...t },
    { type: 'twitter_oauth', subject: 't', username: 'tw', name: 'T', profilePictureUrl: 'https://p' },
  ],
  [
    { type: 'discord_oauth', subject: 'd', username: 'dc', email: 'd@x.co', ...t },
    { type: 'discord_oauth', subject: 'd', username: 'dc', email: 'd@x.co' },
  ],
  [
    { type: 'github_oauth', subject: 'gh', username: 'octo', name: 'O', email: 'o@x.co', ...t },
    { type: 'github_oauth', subject: 'gh', username: 'octo', name: 'O', email: 'o@x.co' },
  ],
  [
    { type: 'tiktok_oauth', subject: 'tt', username: 'tk', name: 'K', ...t },
    { type: 'tiktok_oauth', subject: 'tt', username: 'tk', name: 'K' },
  ],
  [
    { type: 'line_oauth', subject: 'l', name: 'L', email: 'l@x.co', profile_picture_url: 'https://l', ...t },
    { type: 'line_oauth', subject: 'l', name: 'L', email: 'l@x.co', profilePictureUrl: 'https://l' },
  ],
  [
    { type: 'linkedin_oauth', subject: 'li', name: 'N', email: 'n@x.co', vanity_name: 'nv', ...t },
    { type: 'linkedin_oauth', subject: 'li', name: 'N', email: 'n@x.co', vanityName: 'nv' },
  ],
  [
    { type: 'custom_auth', custom_user_id: 'c1', ...t },
    { type: 'custom_auth', customUserId: 'c1' },
  ],
  [
    {
      type: 'farcaster',
      fid: 42,
      owner_address: '0xo',
      display_name: 'F',
      username: 'fc',
      bio: 'b',
      profile_picture_url: 'https://pfp',
      homepage_url: 'https://u',
      signer_public_key: 'pk',
      ...t,
    },
    {
      type: 'farcaster',
      fid: 42,
      ownerAddress: '0xo',
      displayName: 'F',
      username: 'fc',
      bio: 'b',
      pfp: 'https://pfp',
      url: 'https://u',
      signerPublicKey: 'pk',
    },
  ],
  [
    {
      type: 'passkey',
      enrolled_in_mfa: true,
      credential_id: 'cred',
      public_key: 'pub',
      authenticator_name: 'Key',
      created_with_device: 'Mac',
      created_with_os: 'macOS',
      created_with_browser: 'Chrome',
      ...t,
    },
    {
      type: 'passkey',
      enrolledInMfa: true,
      credentialId: 'cred',
      publicKey: 'pub',
      authenticatorName: 'Key',
      createdWithDevice: 'Mac',
      createdWithOs: 'macOS',
      createdWithBrowser: 'Chrome',
    },
  ],
  [
    { type: 'telegram', telegram_user_id: '7', first_name: 'Tg', last_name: null, username: 'tg', photo_url: 'https://ph', ...t },
    { type: 'telegram', telegramUserId: '7', firstName: 'Tg', lastName: null, username: 'tg', photoUrl: 'https://ph' },
  ],
]

describe('userFromDto', () => {
  it.each(cases)('maps a %o account', (dto, expected) => {
    const user = userFromDto(userDto({ linked_accounts: [dto] }))
    expect(user.linkedAccounts).toEqual([{ ...expected, ...times }])
  })

  it('maps the user fields with Dates from unix seconds and an empty delegatedWallets', () => {
    const user = userFromDto(
      userDto({
        created_at: 1_650_000_000,
        has_accepted_terms: true,
        is_guest: true,
        custom_metadata: { plan: 'pro' },
        mfa_methods: [{ type: 'totp', verified_at: 1_650_000_001 }],
      }),
    )
    expect(user).toMatchObject({
      id: 'did:privy:user-1',
      createdAt: new Date(1_650_000_000_000),
      hasAcceptedTerms: true,
      isGuest: true,
      customMetadata: { plan: 'pro' },
      mfaMethods: [{ type: 'totp', verifiedAt: new Date(1_650_000_001_000) }],
      delegatedWallets: [],
    })
    expect(userFromDto({ ...userDto(), custom_metadata: undefined }).customMetadata).toEqual({})
  })

  it('fills each convenience slot with the first account of its kind', () => {
    const accounts = cases.map(([dto]) => dto)
    const second = { type: 'email', address: 'second@b.co', ...t } as const
    const user = userFromDto(userDto({ linked_accounts: [...accounts, second] }))
    expect(user.email?.address).toBe('a@b.co')
    expect(user.wallet?.address).toBe('0xabc')
    const slots = [
      'email',
      'phone',
      'wallet',
      'smartWallet',
      'google',
      'twitter',
      'discord',
      'github',
      'spotify',
      'instagram',
      'tiktok',
      'line',
      'linkedin',
      'apple',
      'farcaster',
      'telegram',
    ] as const
    for (const slot of slots) expect(user[slot], slot).toBeDefined()
    expect(user.linkedAccounts).toHaveLength(accounts.length + 1)
  })

  it('skips an unknown account type with a console warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const unknown = { type: 'authorization_key', public_key: 'k', ...t } as unknown as LinkedAccountDto
    const user = userFromDto(userDto({ linked_accounts: [unknown, { type: 'email', address: 'a@b.co', ...t }] }))
    expect(user.linkedAccounts.map((a) => a.type)).toEqual(['email'])
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("'authorization_key'"))
    warn.mockRestore()
  })
})
