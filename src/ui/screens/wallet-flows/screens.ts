/**
 * The wallet security flows' screens, `group:step`: each group's screens load together with its first screen
 * (wallet-flows.tsx), so none of them weighs on the landing. Groups add their steps here.
 */
export const walletFlowScreens = [
  // After a login that creates wallets: 'Creating your wallet', then the wallet-created screen (wallet spec, "Screens and routes").
  'wallet:creating',
  'wallet:created',
  // Password recovery (wallet spec, "Screens and routes": "Password setup wizard", "Recovery method selection").
  'password:create',
  'password:save',
  'password:confirm',
  'password:acknowledge',
  'password:done',
  'password:enter',
  'password:auto-secure',
  'recovery:select',
  'recovery:splash',
  // A new device's automatic recovery on a sign-in older than 10 minutes (docs/security.md #61).
  'recovery:sign-in-again',
  // Cloud backup and recovery (wallet spec, "Screens and routes": "Recovery with a cloud provider"): backing up, and 'Confirm it's really you'.
  'cloud:backup',
  'cloud:confirm',
  // Wallet-action MFA (wallet spec, "Screens and routes": "Multi-factor verification", "Multi-factor enrolment").
  'mfa:verify',
  'mfa:enroll',
  'mfa:enroll-totp',
  'mfa:enroll-sms',
  'mfa:enroll-passkey',
  'mfa:passkeys',
  'mfa:remove-totp',
  'mfa:remove-sms',
  'mfa:remove-passkey',
  // Key export (funding spec, "Screens and routes": "Key export") and private-key import.
  'key:export',
  'key:import',
  // Farcaster signer (wallet spec, "States and transitions"): the embedded wallet's signer key, approved in the Farcaster app.
  'farcaster:signer',
  // Delegated wallets (wallet spec, "Screens and routes": "Cross-app and delegation"): offline access consent, and revoking it.
  'delegation:consent',
  'delegation:revoke',
  // Confirmations (funding spec, "Screens and routes"): signing a message, an Ethereum or a Solana transaction the app asked for.
  'transaction:confirm',
  // The user's wallets (the React wrapper's WalletsDialog): each embedded wallet's chain and address, to copy.
  'wallets:list',
  // Funding (funding spec, "Screens and routes", "Entities and their fields" and "States and transitions"): a session of `client.funding`, its steps routed by the core's `step`.
  'funding:flow',
] as const

export type WalletFlowScreen = (typeof walletFlowScreens)[number]

export type WalletFlowGroup = WalletFlowScreen extends `${infer Group}:${string}` ? Group : never

export const walletFlowGroupOf = (screen: WalletFlowScreen) => screen.slice(0, screen.indexOf(':')) as WalletFlowGroup
