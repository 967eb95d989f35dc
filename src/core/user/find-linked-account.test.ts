import { describe, expect, it } from 'vitest'
import type { LinkedAccountDto } from '../../protocol/index.js'
import { userDto } from '../test-support/fixtures.js'
import { findLinkedAccount } from './find-linked-account.js'
import { userFromDto } from './from-dto.js'

const t = { verified_at: 1, first_verified_at: null, latest_verified_at: null }
const accounts: LinkedAccountDto[] = [
  { type: 'email', address: 'grace@example.com', ...t },
  { type: 'phone', number: '+14155552671', phoneNumber: '+14155552671', ...t },
  { type: 'github_oauth', subject: '42', username: 'grace', ...t },
  { type: 'google_oauth', subject: '42', email: 'g@x.co', ...t },
  { type: 'custom_auth', custom_user_id: 'app-user-7', ...t },
]
const user = userFromDto(userDto({ linked_accounts: accounts }))

describe('findLinkedAccount', () => {
  it('finds the account of a method by its address, number, subject or custom id', () => {
    expect(findLinkedAccount(user, 'email', 'Grace@Example.com')).toBe(user.email)
    expect(findLinkedAccount(user, 'sms', '+14155552671')).toBe(user.phone)
    expect(findLinkedAccount(user, 'google', '42')).toBe(user.google)
    expect(findLinkedAccount(user, 'github', '42')).toBe(user.github)
    expect(findLinkedAccount(user, 'custom_auth', 'app-user-7')).toMatchObject({ type: 'custom_auth', customUserId: 'app-user-7' })
  })

  it('is null for another key, a provider the user lacks, or a method without accounts', () => {
    expect(findLinkedAccount(user, 'sms', '+12025550123')).toBeNull()
    expect(findLinkedAccount(user, 'discord', '42')).toBeNull()
    expect(findLinkedAccount(user, 'guest', '')).toBeNull()
  })

  it('finds a wallet by chain and address: Ethereum in any case, Solana exactly', () => {
    const wallets: LinkedAccountDto[] = [
      { type: 'wallet', address: '0xAbC0000000000000000000000000000000000001', chain_type: 'ethereum', ...t },
      { type: 'wallet', address: 'So1anaAddre55', chain_type: 'solana', ...t },
    ]
    const holder = userFromDto(userDto({ linked_accounts: wallets }))
    expect(findLinkedAccount(holder, 'siwe', '0xabc0000000000000000000000000000000000001')).toMatchObject({ type: 'wallet', chainType: 'ethereum' })
    expect(findLinkedAccount(holder, 'siws', 'So1anaAddre55')).toMatchObject({ type: 'wallet', chainType: 'solana' })
    expect(findLinkedAccount(holder, 'siws', 'so1anaaddre55')).toBeNull()
    expect(findLinkedAccount(holder, 'siwe', 'So1anaAddre55')).toBeNull()
  })
})
