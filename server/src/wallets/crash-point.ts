/**
 * Test-only fault injection for docs/security.md #57's crash test (crash-safety.test.ts): with TESSERA_TEST_CRASH_AT naming
 * one of these steps, the process SIGKILLs itself when wallet creation reaches it. Unset, it does nothing.
 */

/** Each step is reached right after it: a statement of creation's transaction, then its commit (before the answer). */
export const walletCreationSteps = [
  'began',
  'locked-user',
  'found-by-idempotency-key',
  'found-at-index',
  'checked-address',
  'inserted-share-set',
  'inserted-wallet',
  'linked-account',
  'committed',
] as const
export type WalletCreationStep = (typeof walletCreationSteps)[number]

const crashAt = process.env.TESSERA_TEST_CRASH_AT

/** Dies here as `kill -9` would when the test names this step. */
export function reachedWalletCreationStep(step: WalletCreationStep): void {
  if (step === crashAt) process.kill(process.pid, 'SIGKILL')
}
