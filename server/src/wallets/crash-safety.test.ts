import type { ChildProcess } from 'node:child_process'
import { combine } from 'shamir-secret-sharing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_APP_ID, embeddedWalletRoutes } from '../../../src/protocol/index.js'
import { spawnCli, waitForOutput } from '../test-support/run-cli.js'
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.js'
import { walletCreationSteps } from './crash-point.js'
import { createBodyOf, newTestWallet, type TestWallet } from './test-fixtures/share-set.js'

let database: TestDatabase
beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(async () => {
  await database?.dispose()
})

const place = () =>
  database.databaseUrl
    ? { args: [], env: { DATABASE_URL: database.databaseUrl } }
    : { args: ['--data-dir', database.dataDir!], env: { DATABASE_URL: undefined } }

/** A server on the test's database; with `crashAt`, one that SIGKILLs itself when wallet creation reaches that step. */
async function startServerProcess(crashAt?: string): Promise<{ child: ChildProcess; url: string }> {
  const { args, env } = place()
  const child = spawnCli(['start', '--dev', '--port', '0', ...args], { ...env, TESSERA_TEST_CRASH_AT: crashAt })
  const output = await waitForOutput(child, /ready at (http:\/\/127\.0\.0\.1:\d+)/)
  return { child, url: /ready at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)![1]! }
}
const exited = (child: ChildProcess) =>
  new Promise<NodeJS.Signals | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(child.signalCode)
    child.once('exit', (_code, signal) => resolve(signal))
  })
const killed = (child: ChildProcess) => {
  const exit = exited(child)
  child.kill('SIGKILL')
  return exit
}

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

const embeddedAccounts = async (url: string, token: string) => {
  const me = await (await fetch(`${url}/api/v1/users/me`, { headers: { 'privy-app-id': DEV_APP_ID, authorization: `Bearer ${token}` } })).json()
  return me.user.linked_accounts.filter((account: { connector_type?: string }) => account.connector_type === 'embedded')
}
/** The stored auth and recovery shares, recombined: the wallet's key when both were committed. */
const recombined = async (url: string, token: string, wallet: TestWallet) => {
  const material = await post(url, embeddedWalletRoutes.keyMaterial.path.replace(':address', wallet.address), { chain_type: wallet.chain }, token)
  expect(material.status, wallet.address).toBe(200)
  return combine([unwrap(material.body.auth_share), unwrap(material.body.recovery_share)])
}

interface Attempt {
  step: string
  token: string
  key: string
  wallet: TestWallet
}

/** One server killed at `step` of a create (each on the database the previous kill left): the create is never answered. */
async function createKilledAt(step: string, chain: 'ethereum' | 'solana'): Promise<Attempt> {
  const server = await startServerProcess(step)
  try {
    const attempt = { step, token: await signIn(server.url, `crash-${step}@example.com`), key: `crash-${step}`, wallet: await newTestWallet(chain) }
    const answer = post(server.url, embeddedWalletRoutes.create.path, createBodyOf(attempt.wallet, { idempotency_key: attempt.key }), attempt.token)
    await expect(answer, step).rejects.toThrow()
    expect(await exited(server.child), step).toBe('SIGKILL')
    return attempt
  } finally {
    await killed(server.child)
  }
}

describe('kill -9 at every step of wallet creation (docs/security.md #57)', () => {
  it('leaves no wallet (a retry with the same key completes it) before commit and a complete one after, and never answers before commit', async () => {
    const attempts: Attempt[] = []
    for (const [i, step] of walletCreationSteps.entries()) attempts.push(await createKilledAt(step, i % 2 === 0 ? 'ethereum' : 'solana'))

    const after = await startServerProcess()
    try {
      for (const { step, token, key, wallet } of attempts) {
        const committed = step === 'committed'
        const accounts = await embeddedAccounts(after.url, token)
        expect(
          accounts.map((account: { address: string }) => account.address),
          step,
        ).toEqual(committed ? [wallet.address] : [])
        if (committed) expect(await recombined(after.url, token, wallet), step).toEqual(wallet.entropy)

        const retried = await post(after.url, embeddedWalletRoutes.create.path, createBodyOf(wallet, { idempotency_key: key }), token)
        expect(retried.status, step).toBe(200)
        expect(retried.body.address, step).toBe(wallet.address)
        expect(await embeddedAccounts(after.url, token), step).toHaveLength(1)
        expect(await recombined(after.url, token, wallet), step).toEqual(wallet.entropy)
      }
    } finally {
      await killed(after.child)
    }
  }, 120_000)
})
