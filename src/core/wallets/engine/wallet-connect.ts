import type { WalletEngineOptions } from './options.js'
import { signClientSession } from '../wallet-connect/sign-client-session.js'
import { walletConnectConnector } from '../wallet-connect/wallet-connect-connector.js'

/** The WalletConnect connector, its relay session described by the app's config; `onUri` hears each pairing URI. */
export function engineWalletConnect(options: WalletEngineOptions, timeoutMs: number, onUri: (uri: string) => void) {
  return walletConnectConnector({
    getProjectId: () => options.getConfig().walletConnectProjectId,
    createSession:
      options.createWalletConnectSession ??
      ((projectId) => {
        const { appName, appearance, walletConnectRelayUrl } = options.getConfig()
        const url = options.window?.location.origin ?? ''
        const metadata = { name: appName, description: appName, url, icons: appearance.logo ? [appearance.logo] : [] }
        return signClientSession({ projectId, metadata, ...(walletConnectRelayUrl && { relayUrl: walletConnectRelayUrl }) })
      }),
    timeoutMs,
    onUri,
  })
}
