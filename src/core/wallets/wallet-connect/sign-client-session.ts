/** The real `WalletConnectSession`: @walletconnect/sign-client, loaded only when a WalletConnect pairing starts. */
import { lazily } from '../../utils/lazily.js'
import type { WalletConnectSession } from './session.js'

export interface SignClientSessionOptions {
  /** The app's WalletConnect Cloud project id (server `wallet_connect_cloud_project_id`). */
  projectId: string
  /** The page offering the pairing, as the wallet shows it. */
  metadata: { name: string; description: string; url: string; icons: string[] }
  /** The app's relay (server `wallet_connect_relay_url`: the dev stack's stand-in); WalletConnect's own by default. */
  relayUrl?: string
}

/** Asked for on every pairing; the chains are the app's (optional, so a wallet lacking one still pairs). */
const ethereumMethods = ['eth_sendTransaction', 'personal_sign', 'eth_signTypedData_v4', 'wallet_switchEthereumChain', 'wallet_addEthereumChain']
const ethereumEvents = ['accountsChanged', 'chainChanged']

export function signClientSession(options: SignClientSessionOptions): WalletConnectSession {
  let topic: string | null = null
  const listeners = new Set<() => void>()
  const ended = () => {
    topic = null
    for (const listener of listeners) listener()
  }
  const client = lazily(async () => {
    const { SignClient } = await import('@walletconnect/sign-client')
    const created = await SignClient.init({ projectId: options.projectId, relayUrl: options.relayUrl, metadata: options.metadata, logger: 'silent' })
    created.on('session_delete', ({ topic: deleted }) => deleted === topic && ended())
    created.on('session_expire', ({ topic: expired }) => expired === topic && ended())
    return created
  })

  return {
    async pair(chains) {
      const signClient = await client.load()
      const { uri, approval } = await signClient.connect({
        optionalNamespaces: { eip155: { chains, methods: ethereumMethods, events: ethereumEvents } },
      })
      if (!uri) throw new Error('WalletConnect gave no pairing URI')
      return {
        uri,
        async approval() {
          const session = await approval()
          topic = session.topic
          return { accounts: session.namespaces.eip155?.accounts ?? [] }
        },
      }
    },
    async request(chain, method, params) {
      const signClient = client.loaded()
      if (!signClient || !topic) throw new Error('WalletConnect session is not connected')
      return signClient.request({ topic, chainId: chain, request: { method, params } })
    },
    async disconnect() {
      const signClient = client.loaded()
      if (!signClient || !topic) return
      const leaving = topic
      ended()
      await signClient.disconnect({ topic: leaving, reason: { code: 6000, message: 'User disconnected.' } })
    },
    onDisconnect(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    async close() {
      await client.loaded()?.core.relayer.transportClose()
    },
  }
}
