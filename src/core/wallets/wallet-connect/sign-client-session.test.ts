import { createServer } from 'node:net'
import { expect, it } from 'vitest'
import { walletErrorKind } from '../errors.js'
import { signClientSession } from './sign-client-session.js'
import { walletConnectProvider } from './wallet-connect-provider.js'

/** A loopback port nothing listens on: the relay is unreachable, as it is on this machine. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

it('reports an unreachable relay as a wallet time-out instead of waiting forever', async () => {
  const session = signClientSession({
    projectId: '0123456789abcdef0123456789abcdef',
    relayUrl: `ws://127.0.0.1:${await closedPort()}`,
    metadata: { name: 'Tessera test', description: 'Tessera test', url: 'http://localhost', icons: [] },
  })
  const uris: (string | null)[] = []
  const provider = walletConnectProvider({ session, chainIds: [1], timeoutMs: 1_500, onUri: (uri) => uris.push(uri) })
  const started = Date.now()
  const error = await provider.request({ method: 'eth_requestAccounts' }).catch((caught: unknown) => caught)
  expect(walletErrorKind(error)).toBe('timed_out')
  expect(error).toMatchObject({ code: 'client_request_timeout', retryable: true })
  expect(Date.now() - started).toBeLessThan(5_000)
  // No URI ever reached the QR screen, and the session is not connected.
  expect(uris).toEqual([null])
  expect(provider.state()).toBe('initialised')
  await provider.close()
}, 15_000)
