/**
 * The seam between the WalletConnect connector and the WalletConnect relay (wallet spec, "States and transitions": "External wallet connection":
 * a session is initialised, connected or disconnected). The real one is sign-client-session.ts; tests use a fake,
 * since the relay is out of reach here.
 */

export type WalletConnectSessionState = 'initialised' | 'connected' | 'disconnected'

/** A pairing offer: the URI the QR code (or a mobile deep link) carries, and the wallet's answer. */
export interface WalletConnectPairing {
  uri: string
  /** The approved CAIP-10 accounts (`eip155:<chain>:<address>`); waits until the wallet answers. */
  approval(): Promise<{ accounts: string[] }>
}

export interface WalletConnectSession {
  /** Offers a pairing for these CAIP-2 chains (`eip155:<id>`). */
  pair(chains: string[]): Promise<WalletConnectPairing>
  /** A JSON-RPC request to the connected wallet, on a CAIP-2 chain. */
  request(chain: string, method: string, params: unknown): Promise<unknown>
  /** Ends the connected session (the wallet is told). */
  disconnect(): Promise<void>
  /** The wallet ended the session. */
  onDisconnect(listener: () => void): () => void
  /** Stops talking to the relay (the client is destroyed). */
  close(): Promise<void>
}
