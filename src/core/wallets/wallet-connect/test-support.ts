/**
 * A `WalletConnectSession` for tests: the relay is out of reach here, so the test plays the wallet. It offers a
 * fixed fake URI; the test approves (with CAIP-10 accounts), rejects, or never answers; requests go to `answer`.
 */
import type { WalletConnectSession } from './session.js'

export const FAKE_PAIRING_URI =
  'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303'

export interface FakeWalletConnectSession extends WalletConnectSession {
  /** Chains asked for by each pairing. */
  pairings: string[][]
  requests: { chain: string; method: string; params: unknown }[]
  approve(accounts: string[]): void
  reject(error: unknown): void
  /** The wallet ends the session. */
  end(): void
  closed: boolean
}

export function fakeWalletConnectSession(
  answer: (method: string, params: unknown, chain: string) => Promise<unknown> = async () => null,
): FakeWalletConnectSession {
  let settle: { resolve(value: { accounts: string[] }): void; reject(error: unknown): void } | null = null
  const listeners = new Set<() => void>()
  const fake: FakeWalletConnectSession = {
    pairings: [],
    requests: [],
    closed: false,
    async pair(chains) {
      fake.pairings.push(chains)
      const approval = new Promise<{ accounts: string[] }>((resolve, reject) => {
        settle = { resolve, reject }
      })
      return { uri: FAKE_PAIRING_URI, approval: () => approval }
    },
    async request(chain, method, params) {
      fake.requests.push({ chain, method, params })
      return answer(method, params, chain)
    },
    async disconnect() {
      fake.end()
    },
    onDisconnect(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    async close() {
      fake.closed = true
    },
    approve: (accounts) => settle?.resolve({ accounts }),
    reject: (error) => settle?.reject(error),
    end: () => listeners.forEach((listener) => listener()),
  }
  return fake
}
