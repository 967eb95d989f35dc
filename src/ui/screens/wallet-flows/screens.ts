/**
 * The wallet security flows' screens, `group:step`: each group's screens load together with its first screen
 * (wallet-flows.tsx), so none of them weighs on the landing. Groups add their steps here.
 */
export type WalletFlowScreen =
  // After a login that creates wallets: 'Creating your wallet', then the wallet-created screen (document 2 §2).
  | 'wallet:creating'
  | 'wallet:created'
  // Password recovery (document 2 "Password setup wizard", "Recovery method selection").
  | 'password:create'
  | 'password:save'
  | 'password:confirm'
  | 'password:acknowledge'
  | 'password:done'
  | 'password:enter'
  | 'password:auto-secure'
  | 'recovery:select'
  | 'recovery:splash'
  // Wallet-action MFA (document 2 "Multi-factor verification", "Multi-factor enrolment").
  | 'mfa:verify'
  | 'mfa:enroll'
  | 'mfa:enroll-totp'
  | 'mfa:enroll-sms'
  | 'mfa:enroll-passkey'
  | 'mfa:passkeys'
  | 'mfa:remove-totp'
  | 'mfa:remove-sms'
  | 'mfa:remove-passkey'
  // Key export (document 3 "Key export") and private-key import.
  | 'key:export'
  | 'key:import'

export type WalletFlowGroup = WalletFlowScreen extends `${infer Group}:${string}` ? Group : never

export const walletFlowGroupOf = (screen: WalletFlowScreen) => screen.slice(0, screen.indexOf(':')) as WalletFlowGroup
