import { useCallback, useEffect, useState } from 'react'
import type { TesseraClient } from '../../src/core/index.js'
import { useTesseraClient } from '../context.js'

type ProviderTokens = Readonly<Record<string, string | null>>

/** The token each provider app of the user's cross-app accounts gave, by provider app id. */
export async function providerAccessTokens(client: TesseraClient): Promise<ProviderTokens> {
  const providerAppIds = (client.getAuth().user?.linkedAccounts ?? []).flatMap((account) => (account.type === 'cross_app' ? [account.providerApp.id] : []))
  return Object.fromEntries(await Promise.all(providerAppIds.map(async (id) => [id, await client.auth.crossApp.getAccessTokenForProvider(id)] as const)))
}

/**
 * `getAccessTokenForProvider({ appId })`: the cross-app access token a provider app gave this user, null without one
 * (the reference SDK's `useGetAccessTokenForProvider`). Synchronous as the reference's: the tokens are read again
 * whenever the user changes (a cross-app login or link does).
 */
export function useGetAccessTokenForProvider(): { getAccessTokenForProvider(input: { appId: string }): { token: string | null } } {
  const client = useTesseraClient()
  const [tokens, setTokens] = useState<ProviderTokens>({})
  useEffect(() => {
    let live = true
    const load = () =>
      void providerAccessTokens(client).then(
        (loaded) => live && setTokens(loaded),
        () => undefined,
      )
    load()
    const stop = client.watchAuth(load)
    return () => {
      live = false
      stop()
    }
  }, [client])
  const getAccessTokenForProvider = useCallback(({ appId }: { appId: string }) => ({ token: tokens[appId] ?? null }), [tokens])
  return { getAccessTokenForProvider }
}
