import { useMemo } from 'react'
import type { User } from '../../src/core/index.js'
import type { OAuthProvider } from '../../src/protocol/index.js'
import { useTesseraClient } from '../context.js'

export interface UseUnlinkAccountResult {
  unlinkEmail(address: string): Promise<User>
  unlinkPhone(phoneNumber: string): Promise<User>
  unlinkOAuth(provider: OAuthProvider, subject: string): Promise<User>
  unlinkGoogle(subject: string): Promise<User>
  unlinkTwitter(subject: string): Promise<User>
  unlinkDiscord(subject: string): Promise<User>
  unlinkGithub(subject: string): Promise<User>
  unlinkSpotify(subject: string): Promise<User>
  unlinkInstagram(subject: string): Promise<User>
  unlinkTiktok(subject: string): Promise<User>
  unlinkLine(subject: string): Promise<User>
  unlinkLinkedIn(subject: string): Promise<User>
  unlinkApple(subject: string): Promise<User>
  /** By credential id; a passkey enrolled in MFA cannot be removed. */
  unlinkPasskey(credentialId: string): Promise<User>
  unlinkFarcaster(fid: number): Promise<User>
  unlinkTelegram(telegramUserId: string): Promise<User>
  /** An external wallet: SIWE for Ethereum, SIWS for Solana (the reference SDK's `unlinkWallet` / `unlinkSolanaWallet`). */
  unlinkWallet(address: string): Promise<User>
  unlinkSolanaWallet(address: string): Promise<User>
}

/**
 * Removes a linked account from the signed-in user and resolves with the updated user; the server
 * refuses the last one (`cannot_unlink_sole_account`).
 */
export function useUnlinkAccount(): UseUnlinkAccountResult {
  const client = useTesseraClient()
  return useMemo(() => {
    const unlinkOAuth = (provider: OAuthProvider, subject: string) => client.auth.oauth.unlink(provider, subject)
    const unlink = (provider: OAuthProvider) => (subject: string) => unlinkOAuth(provider, subject)
    return {
      unlinkEmail: (address) => client.auth.email.unlink(address),
      unlinkPhone: (phoneNumber) => client.auth.sms.unlink(phoneNumber),
      unlinkOAuth,
      unlinkGoogle: unlink('google'),
      unlinkTwitter: unlink('twitter'),
      unlinkDiscord: unlink('discord'),
      unlinkGithub: unlink('github'),
      unlinkSpotify: unlink('spotify'),
      unlinkInstagram: unlink('instagram'),
      unlinkTiktok: unlink('tiktok'),
      unlinkLine: unlink('line'),
      unlinkLinkedIn: unlink('linkedin'),
      unlinkApple: unlink('apple'),
      unlinkPasskey: (credentialId) => client.auth.passkey.unlink(credentialId),
      unlinkFarcaster: (fid) => client.auth.farcaster.unlink(fid),
      unlinkTelegram: (telegramUserId) => client.auth.telegram.unlink(telegramUserId),
      unlinkWallet: (address) => client.wallets.unlink(address, 'ethereum'),
      unlinkSolanaWallet: (address) => client.wallets.unlink(address, 'solana'),
    } satisfies UseUnlinkAccountResult
  }, [client])
}
