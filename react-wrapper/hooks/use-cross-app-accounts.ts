import { useCallback, useSyncExternalStore } from 'react'
import type { CrossAppFlowState, User } from '../../src/core/index.js'
import { useTesseraClient } from '../context.js'

export interface UseCrossAppAccountsResult {
  /** Signs in with an account of the provider app `appId` through its popup; call it inside a click. */
  loginWithCrossAppAccount(input: { appId: string }): Promise<User>
  /** Links an account of the provider app `appId` to the signed-in user, through the same popup. */
  linkCrossAppAccount(input: { appId: string }): Promise<User>
  /** Removes the signed-in user's cross-app account with this subject (the provider user id). */
  unlinkCrossAppAccount(input: { subject: string }): Promise<User>
  /**
   * Asks the provider user's wallet, through the provider app `appId`'s transact page (a popup: call it inside a
   * click), to sign `message`. Refused before any popup when the connection is read-only (`cross_app_read_only`).
   */
  signMessage(message: string, options: { appId: string }): Promise<string>
  /** The same for a transaction; answers its hash. */
  sendTransaction(transaction: Record<string, unknown>, options: { appId: string }): Promise<string>
  state: CrossAppFlowState
}

/** Cross-app accounts (the reference SDK's `useCrossAppAccounts`): headless, no modal. */
export function useCrossAppAccounts(): UseCrossAppAccountsResult {
  const client = useTesseraClient()
  const getState = () => client.getCrossAppFlow()
  const state = useSyncExternalStore((onChange) => client.watchCrossAppFlow(() => onChange()), getState, getState)
  const loginWithCrossAppAccount = useCallback(({ appId }: { appId: string }) => client.crossApp.login(appId), [client])
  const linkCrossAppAccount = useCallback(({ appId }: { appId: string }) => client.crossApp.link(appId), [client])
  const unlinkCrossAppAccount = useCallback(
    ({ subject }: { subject: string }) => {
      const account = client.getAuth().user?.linkedAccounts.find((candidate) => candidate.type === 'cross_app' && candidate.subject === subject)
      return client.crossApp.unlink(account?.type === 'cross_app' ? account.providerApp.id : '', subject)
    },
    [client],
  )
  const signMessage = useCallback(
    async (message: string, { appId }: { appId: string }) => (await client.crossApp.signMessage({ providerAppId: appId, message })).signature,
    [client],
  )
  const sendTransaction = useCallback(
    async (transaction: Record<string, unknown>, { appId }: { appId: string }) =>
      (await client.crossApp.sendTransaction({ providerAppId: appId, transaction })).transactionHash,
    [client],
  )
  return { loginWithCrossAppAccount, linkCrossAppAccount, unlinkCrossAppAccount, signMessage, sendTransaction, state }
}
