import { useCallback } from 'react'
import { useLoginMethodState } from '../../elements/client-slices.js'
import { TesseraError, type CrossAppFlowState, type TesseraClient, type User } from '../../src/core/index.js'
import { useTesseraClient } from '../context.js'

/**
 * Which provider wallet a cross-app request goes to (the reference's `{ address, chainId? }`, plus our `appId`):
 * `appId` names the provider app (default: the one whose cross-app account holds `address`); `address` one of that
 * account's embedded wallets (default its first). `chainId` is accepted for the reference's smart-wallet signatures,
 * which are not offered.
 */
export type CrossAppWalletOptions = { appId: string; address?: string; chainId?: number } | { appId?: string; address: string; chainId?: number }

export interface UseCrossAppAccountsResult {
  /** Signs in with an account of the provider app `appId` through its popup; call it inside a click. */
  loginWithCrossAppAccount(input: { appId: string }): Promise<User>
  /** Links an account of the provider app `appId` to the signed-in user, through the same popup. */
  linkCrossAppAccount(input: { appId: string }): Promise<User>
  /** Removes the signed-in user's cross-app account with this subject (the provider user id). */
  unlinkCrossAppAccount(input: { subject: string }): Promise<User>
  /**
   * Asks the provider user's wallet, through the provider app's transact page (a popup: call it inside a click), to
   * sign `message`. Refused before any popup when the connection is read-only (`cross_app_read_only`).
   */
  signMessage(message: string, options: CrossAppWalletOptions): Promise<string>
  /** The same for EIP-712 typed data (`eth_signTypedData_v4`). */
  signTypedData(typedData: Record<string, unknown>, options: CrossAppWalletOptions): Promise<string>
  /** The same for a transaction; answers its hash. */
  sendTransaction(transaction: Record<string, unknown>, options: CrossAppWalletOptions): Promise<string>
  state: CrossAppFlowState
}

/** The core's target: the provider app named, or the one whose cross-app account holds the address. */
export function crossAppTarget(client: TesseraClient, { appId, address }: CrossAppWalletOptions): { providerAppId: string; address?: string } {
  const providerAppId = appId ?? providerAppOf(client, address ?? '')
  // The core's own words for an address no cross-app account holds.
  if (!providerAppId) throw new TesseraError({ code: 'cross_app_request_error', shortMessage: 'Cannot request a signature with this wallet address' })
  return { providerAppId, ...(address ? { address } : {}) }
}

function providerAppOf(client: TesseraClient, address: string): string | undefined {
  const holds = (wallets: { address: string }[]) => wallets.some((wallet) => wallet.address.toLowerCase() === address.toLowerCase())
  const account = client.getAuth().user?.linkedAccounts.find((candidate) => candidate.type === 'cross_app' && holds(candidate.embeddedWallets))
  return account?.type === 'cross_app' ? account.providerApp.id : undefined
}

/** Cross-app accounts (the reference SDK's `useCrossAppAccounts`): headless, no modal. */
export function useCrossAppAccounts(): UseCrossAppAccountsResult {
  const client = useTesseraClient()
  const state = useLoginMethodState(client, 'crossApp')
  const loginWithCrossAppAccount = useCallback(({ appId }: { appId: string }) => client.auth.crossApp.login(appId), [client])
  const linkCrossAppAccount = useCallback(({ appId }: { appId: string }) => client.auth.crossApp.link(appId), [client])
  const unlinkCrossAppAccount = useCallback(
    ({ subject }: { subject: string }) => {
      const account = client.getAuth().user?.linkedAccounts.find((candidate) => candidate.type === 'cross_app' && candidate.subject === subject)
      return client.auth.crossApp.unlink(account?.type === 'cross_app' ? account.providerApp.id : '', subject)
    },
    [client],
  )
  const signMessage = useCallback(
    async (message: string, options: CrossAppWalletOptions) =>
      (await client.auth.crossApp.signMessage({ ...crossAppTarget(client, options), message })).signature,
    [client],
  )
  const signTypedData = useCallback(
    async (typedData: Record<string, unknown>, options: CrossAppWalletOptions) =>
      (await client.auth.crossApp.signTypedData({ ...crossAppTarget(client, options), typedData })).signature,
    [client],
  )
  const sendTransaction = useCallback(
    async (transaction: Record<string, unknown>, options: CrossAppWalletOptions) =>
      (await client.auth.crossApp.sendTransaction({ ...crossAppTarget(client, options), transaction })).transactionHash,
    [client],
  )
  return { loginWithCrossAppAccount, linkCrossAppAccount, unlinkCrossAppAccount, signMessage, signTypedData, sendTransaction, state }
}
