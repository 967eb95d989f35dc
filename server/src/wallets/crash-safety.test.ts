import type { ChildProcess } from 'node:child_process'
import { combine } from 'shamir-secret-sharing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_APP_ID, embeddedWalletRoutes } from '../../../src/protocol/index.js'
import { spawnCli, waitForOutput } from '../test-support/run-cli.js'
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.js'
import { createBodyOf, newTestWallet } from './test-fixtures/share-set.js'

let database: TestDatabase
beforeAll(async () => { database = await createTestDatabase() })
afterAll(async () => { await database?.dispose() })

const place = () => (database.databaseUrl ? { args: [], env: { DATABASE_URL: database.databaseUrl } } : { args: ['--data-dir', database.dataDir!], env: { DATABASE_URL: undefined } })

async function startServerProcess(): Promise<{ child: ChildProcess; url: string }> {
  const { args, env } = place()
  const child = spawnCli(['start', '--dev', '--port', '0', ...args], env)
  const output = await waitForOutput(child, /ready at (http:\/\/127\.0\.0\.1:\d+)/)
  return { child, url: /ready at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)![1]! }
}
const killed = (child: ChildProcess) => new Promise<void>((resolve) => {
  if (child.exitCode !== null || child.signalCode !== null) return resolve()
  child.once('exit', () => resolve())
  child.kill('SIGKILL')
})

const post = async (url: string, path: string, body: unknown, token?: string) => {
  const response = await fetch(url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'privy-app-id': DEV_APP_ID, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  })
  return { status: response.status, body: await response.json() }
}
async function signIn(url: string, email: string): Promise<string> {
  expect((await post(url, '/api/v1/passwordless/init', { email })).status).toBe(200)
  const outbox = (await (await fetch(`${url}/dev/outbox.json`)).json()) as { to: string; code: string }[]
  const login = await post(url, '/api/v1/passwordless/authenticate', { email, code: outbox.find((entry) => entry.to === email)!.code })
  return login.body.token
}
const unwrap = (share: string) => Uint8Array.from(Buffer.from(share, 'base64').subarray(21))

describe('kill -9 during wallet creation (SECURITY 57)', () => {
  it('leaves no wallet or a complete one, never changes an answered address, and a retry with the same key completes', async () => {
    const before = await startServerProcess()
    const users = await Promise.all(Array.from({ length: 10 }, (_, i) => signIn(before.url, `crash-${i}@example.com`)))
    const attempts = await Promise.all(users.flatMap((token, i) => (['ethereum', 'solana'] as const).map(async (chain) => ({ token, key: `crash-${i}-${chain}`, wallet: await newTestWallet(chain) }))))
    // Warm the server up so creates are quick, then send them a few ms apart and kill it once three have been
    // answered: some are answered, some are in flight at every step of their transaction, some never arrive.
    const warm = await newTestWallet('ethereum')
    expect((await post(before.url, embeddedWalletRoutes.create.path, createBodyOf(warm), await signIn(before.url, 'crash-warm@example.com'))).status).toBe(200)
    const answered = new Map<string, string>()
    let kill: Promise<void> | undefined
    const stop = () => (kill ??= killed(before.child))
    const sent = attempts.map(({ token, key, wallet }, i) => new Promise<void>((resolve) => setTimeout(resolve, i * 4))
      .then(() => post(before.url, embeddedWalletRoutes.create.path, createBodyOf(wallet, { idempotency_key: key }), token))
      .then((response) => {
        if (response.status === 200) answered.set(key, response.body.address)
        if (answered.size === 3) void stop()
      }, () => {}))
    setTimeout(stop, 10_000)
    await Promise.all(sent)
    await stop()
    expect(answered.size).toBeGreaterThanOrEqual(3)
    expect(answered.size).toBeLessThan(attempts.length)

    const after = await startServerProcess()
    try {
      for (const { token, key, wallet } of attempts) {
        const retried = await post(after.url, embeddedWalletRoutes.create.path, createBodyOf(wallet, { idempotency_key: key }), token)
        expect(retried.status, key).toBe(200)
        expect(retried.body.address, key).toBe(answered.get(key) ?? wallet.address)
        expect(retried.body.user.linked_accounts.filter((account: { address?: string }) => account.address === wallet.address), key).toHaveLength(1)
        const material = await post(after.url, embeddedWalletRoutes.keyMaterial.path.replace(':address', wallet.address), { chain_type: wallet.chain }, token)
        expect(await combine([unwrap(material.body.auth_share), unwrap(material.body.recovery_share)]), key).toEqual(wallet.entropy)
      }
    } finally {
      await killed(after.child)
    }
  }, 120_000)
})
