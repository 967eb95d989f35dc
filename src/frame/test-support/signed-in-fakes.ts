/** The wallet API and share server fakes of one app, with `userId` signed in to both under `accessToken`. */
import { fakeShareServer } from './fake-share-server.js'
import { fakeWalletApi } from './fake-wallet-api.js'

export function signedInFakes(appId: string, accessToken: string, userId = 'alice') {
  const walletApi = fakeWalletApi()
  walletApi.api.appId = appId
  walletApi.signIn(accessToken, userId)
  const shares = fakeShareServer()
  shares.signIn(accessToken, userId)
  return { walletApi, shares }
}
