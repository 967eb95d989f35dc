import { pageClients, TesseraError } from '../src/core/index.js'

const severalAppsError = () =>
  new TesseraError({
    code: 'invalid_config',
    shortMessage: 'Several Tessera apps on this page',
    details: 'Read the token of one with useToken().getAccessToken() inside its provider.',
  })

/**
 * The signed-in user's access token outside React (the reference SDK's `getAccessToken`): the page's Tessera
 * client's, refreshed first when close to expiry; null with no client or no session.
 */
export async function getAccessToken(): Promise<string | null> {
  const [client, ...others] = pageClients()
  if (!client) return null
  if (others.length > 0) throw severalAppsError()
  await client.ready
  return client.getAccessToken()
}
