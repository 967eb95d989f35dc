/**
 * The strings of the modal's first chunk (English): landing, header, footer, intents and provider names.
 * `{name}` marks a placeholder. The lazily loaded screens keep theirs in their own tables (code.ts, phone.ts,
 * oauth.ts, captcha.ts, terms.ts, transfer.ts, errors.ts, info.ts), each with a `t` that also knows these keys.
 */
import { translator } from './translator.js'

export const copy = {
  'landing.header': 'Log in or sign up',
  'landing.email.label': 'Email',
  'landing.email.placeholder': 'your@email.com',
  'landing.email.plusAddress': "Please enter a valid email address without a '+'.",
  'landing.submit': 'Submit',
  'landing.submitting': 'Sending code…',
  'landing.logoAlt': '{app} logo',
  'modal.close': 'Close',
  'modal.back': 'Back',
  'modal.loading': 'Loading…',
  'footer.agreePrefix': 'By logging in I agree to the ',
  'footer.terms': 'Terms',
  'footer.and': ' & ',
  'footer.privacy': 'Privacy Policy',
  'footer.agree': 'By logging in I agree to the Terms & Privacy Policy',
  'landing.more': 'More options',
  'landing.overflow.otherSocials': 'Other socials',
  'landing.overflow.emailOrSocials': 'Log in with email or socials',
  'landing.overflow.smsOrSocials': 'Log in with sms or socials',
  'landing.overflow.emailOrSms': 'Continue with email or sms',
  'landing.overflow.email': 'Continue with email',
  'landing.overflow.sms': 'Continue with sms',
  'landing.overflow.social': 'Log in with a social account',
  'landing.wallet.continue': 'Continue with a wallet',
  'landing.wallet.other': 'Other wallets',
  'landing.recent': 'Recent',
  'landing.methods': 'Login methods',
  'landing.sms': 'Continue with SMS',
  'landing.passkey.login': 'I have a passkey',
  'landing.passkey.continue': 'Continue with passkey',
  'landing.farcaster': 'Farcaster',
  'landing.telegram': 'Telegram',
  'landing.info.label': 'About logging in',
  'link.email.title': 'Link your email',
  'link.sms.title': 'Link your phone number',
  'update.email.title': 'Update your email',
  'update.sms.title': 'Update your phone number',
  'update.email.label': 'New email',
  'provider.google': 'Google',
  'provider.twitter': 'Twitter',
  'provider.discord': 'Discord',
  'provider.github': 'GitHub',
  'provider.spotify': 'Spotify',
  'provider.instagram': 'Instagram',
  'provider.tiktok': 'TikTok',
  'provider.line': 'LINE',
  'provider.linkedin': 'LinkedIn',
  'provider.apple': 'Apple',
} as const

export type CopyKey = keyof typeof copy

export const { t, useT } = translator(copy)
