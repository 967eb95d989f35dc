/**
 * The shape every locale table has: one string for each key of every English copy table (en.ts and the lazily
 * loaded screens' tables). Type-only imports, so naming a key costs no bytes at run time.
 */
import type { captchaCopy } from './captcha.js'
import type { cloudRecoveryCopy } from './cloud-recovery.js'
import type { codeCopy } from './code.js'
import type { crossAppCopy } from './cross-app.js'
import type { delegationCopy } from './delegation.js'
import type { embeddedWalletsCopy } from './embedded-wallets.js'
import type { copy } from './en.js'
import type { errorCopy } from './errors.js'
import type { farcasterSignerCopy } from './farcaster-signer.js'
import type { farcasterCopy } from './farcaster.js'
import type { fundingCopy } from './funding.js'
import type { infoCopy } from './info.js'
import type { keyExportCopy } from './key-export.js'
import type { mfaCopy } from './mfa.js'
import type { oauthCopy } from './oauth.js'
import type { passkeyCopy } from './passkey.js'
import type { passwordCopy } from './password.js'
import type { phoneCopy } from './phone.js'
import type { telegramCopy } from './telegram.js'
import type { termsCopy } from './terms.js'
import type { transactionsCopy } from './transactions.js'
import type { transferCopy } from './transfer.js'
import type { userPillCopy } from './user-pill.js'
import type { walletsCopy } from './wallets.js'

/** Every copy key of every screen: the keys a host may override through `messages`. */
export type CopyKey =
  | keyof typeof copy
  | keyof typeof captchaCopy
  | keyof typeof cloudRecoveryCopy
  | keyof typeof codeCopy
  | keyof typeof crossAppCopy
  | keyof typeof delegationCopy
  | keyof typeof embeddedWalletsCopy
  | keyof typeof errorCopy
  | keyof typeof farcasterSignerCopy
  | keyof typeof farcasterCopy
  | keyof typeof fundingCopy
  | keyof typeof infoCopy
  | keyof typeof keyExportCopy
  | keyof typeof mfaCopy
  | keyof typeof oauthCopy
  | keyof typeof passkeyCopy
  | keyof typeof passwordCopy
  | keyof typeof phoneCopy
  | keyof typeof telegramCopy
  | keyof typeof termsCopy
  | keyof typeof transactionsCopy
  | keyof typeof transferCopy
  | keyof typeof userPillCopy
  | keyof typeof walletsCopy

/** A complete shipped locale (src/ui/copy/locales/<locale>.ts): every key, `{placeholders}` kept as in English. */
export type LocaleTable = Record<CopyKey, string>

/** A host's overrides: any subset of the keys; a misspelt key fails to type-check. */
export type Messages = Partial<Record<CopyKey, string>>

// Core's `ClientOptions.messages` takes these keys too (core cannot import the UI's tables).
declare module '../../core/index.js' {
  interface CopyKeys extends Record<CopyKey, true> {}
}
