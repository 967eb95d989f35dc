import { afterEach, describe, expect, it, vi } from 'vitest'
import { walletErrorKind } from '../errors.js'
import { FAKE_PAIRING_URI, fakeWalletConnectSession } from './test-support.js'
import { walletConnectProvider } from './wallet-connect-provider.js'

const ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'

function setup(options: { chainIds?: number[]; timeoutMs?: number } = {}) {
  const session = fakeWalletConnectSession(async (method) => (method === 'personal_sign' ? '0xsigned' : null))
  const uris: (string | null)[] = []
  const provider = walletConnectProvider({
    session,
    chainIds: options.chainIds ?? [8453, 1],
    timeoutMs: options.timeoutMs ?? 60_000,
    onUri: (uri) => uris.push(uri),
  })
  return { session, provider, uris }
}

/** Lets the pairing reach the point where it waits for the wallet. */
const paired = (uris: (string | null)[]) => vi.waitFor(() => expect(uris).toContain(FAKE_PAIRING_URI))

afterEach(() => vi.useRealTimers())

describe('walletConnectProvider', () => {
  it('offers a pairing URI, then answers eth_requestAccounts with the approved account', async () => {
    const { session, provider, uris } = setup()
    expect(provider.state()).toBe('initialised')
    const accounts = provider.request({ method: 'eth_requestAccounts' })
    await paired(uris)
    expect(session.pairings).toEqual([['eip155:8453', 'eip155:1']])
    session.approve([`eip155:1:${ADDRESS}`, `eip155:8453:${ADDRESS}`])
    await expect(accounts).resolves.toEqual([ADDRESS])
    expect(uris).toEqual([FAKE_PAIRING_URI, null])
    expect(provider.state()).toBe('connected')
    // The first chain asked for stays current when the wallet approved it.
    await expect(provider.request({ method: 'eth_chainId' })).resolves.toBe('0x2105')
    await expect(provider.request({ method: 'eth_accounts' })).resolves.toEqual([ADDRESS])
  })

  it('signs on the current chain through the session', async () => {
    const { session, provider, uris } = setup()
    const accounts = provider.request({ method: 'eth_requestAccounts' })
    await paired(uris)
    session.approve([`eip155:8453:${ADDRESS}`])
    await accounts
    await expect(provider.request({ method: 'personal_sign', params: ['0x68656c6c6f', ADDRESS] })).resolves.toBe('0xsigned')
    expect(session.requests).toEqual([{ chain: 'eip155:8453', method: 'personal_sign', params: ['0x68656c6c6f', ADDRESS] }])
  })

  it('switches between approved chains itself and asks the wallet for any other chain', async () => {
    const { session, provider, uris } = setup()
    const changed: unknown[] = []
    provider.on!('chainChanged', (chain) => changed.push(chain))
    const accounts = provider.request({ method: 'eth_requestAccounts' })
    await paired(uris)
    session.approve([`eip155:8453:${ADDRESS}`, `eip155:1:${ADDRESS}`])
    await accounts
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] })
    expect(session.requests).toEqual([])
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0xa' }] })
    expect(session.requests).toEqual([{ chain: 'eip155:1', method: 'wallet_switchEthereumChain', params: [{ chainId: '0xa' }] }])
    expect(changed).toEqual(['0x1', '0xa'])
    await expect(provider.request({ method: 'eth_chainId' })).resolves.toBe('0xa')
  })

  it('times out when the wallet never answers (the relay is unreachable)', async () => {
    vi.useFakeTimers()
    const { provider, uris } = setup({ timeoutMs: 120_000 })
    const accounts = provider.request({ method: 'eth_requestAccounts' })
    const settled = accounts.catch((error: unknown) => error)
    await vi.advanceTimersByTimeAsync(0)
    expect(uris).toEqual([FAKE_PAIRING_URI])
    await vi.advanceTimersByTimeAsync(119_999)
    expect(provider.state()).toBe('initialised')
    await vi.advanceTimersByTimeAsync(1)
    const error = await settled
    expect(walletErrorKind(error)).toBe('timed_out')
    expect(error).toMatchObject({ code: 'client_request_timeout', shortMessage: 'Wallet request timed out' })
    expect(uris).toEqual([FAKE_PAIRING_URI, null])
  })

  it('shows no pairing URI that arrives after the time limit', async () => {
    vi.useFakeTimers()
    const session = fakeWalletConnectSession()
    const uris: (string | null)[] = []
    // The relay answers the pairing only after the connection gave up.
    const slowRelay = {
      ...session,
      pair: (chains: string[]) => new Promise<Awaited<ReturnType<typeof session.pair>>>((resolve) => setTimeout(() => resolve(session.pair(chains)), 5_000)),
    }
    const provider = walletConnectProvider({ session: slowRelay, chainIds: [1], timeoutMs: 1_000, onUri: (uri) => uris.push(uri) })
    const settled = provider.request({ method: 'eth_requestAccounts' }).catch((error: unknown) => error)
    await vi.advanceTimersByTimeAsync(1_000)
    expect(walletErrorKind(await settled)).toBe('timed_out')
    await vi.advanceTimersByTimeAsync(5_000)
    expect(session.pairings).toEqual([['eip155:1']])
    expect(uris).toEqual([null])
  })

  it("gives 'Unable to retrieve address' when the session has no Ethereum account", async () => {
    const { session, provider, uris } = setup()
    const accounts = provider.request({ method: 'eth_requestAccounts' })
    await paired(uris)
    session.approve(['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv'])
    const error = await accounts.catch((caught: unknown) => caught)
    expect(walletErrorKind(error)).toBe('connection')
    expect((error as Error).cause).toMatchObject({ message: 'Unable to retrieve address' })
    expect(provider.state()).toBe('initialised')
  })

  it('rejects the waiting pairing when the QR is closed', async () => {
    const { provider, uris } = setup()
    const accounts = provider.request({ method: 'eth_requestAccounts' })
    await paired(uris)
    provider.cancel()
    const error = await accounts.catch((caught: unknown) => caught)
    expect(walletErrorKind(error)).toBe('rejected')
    expect(uris).toEqual([FAKE_PAIRING_URI, null])
    expect(provider.state()).toBe('initialised')
  })

  it('refuses to sign before it is connected, and reports the wallet ending the session', async () => {
    const { session, provider, uris } = setup()
    await expect(provider.request({ method: 'personal_sign', params: ['0x00', ADDRESS] })).rejects.toMatchObject({ code: 4900 })
    const events: string[] = []
    provider.on!('accountsChanged', (accounts) => events.push(`accounts:${JSON.stringify(accounts)}`))
    provider.on!('disconnect', () => events.push('disconnect'))
    const accounts = provider.request({ method: 'eth_requestAccounts' })
    await paired(uris)
    session.approve([`eip155:1:${ADDRESS}`])
    await accounts
    session.end()
    expect(provider.state()).toBe('disconnected')
    expect(events).toEqual(['accounts:[]', 'disconnect'])
    await expect(provider.request({ method: 'eth_accounts' })).resolves.toEqual([])
  })
})
