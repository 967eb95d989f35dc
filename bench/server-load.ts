/**
 * Email-authenticate and refresh throughput of a running server over loopback. Codes are sent
 * first (their own row), read from the dev outbox, then redeemed; refreshes run as one rotating
 * chain per worker, so no two concurrent calls present the same token.
 */
import { DEV_APP_ID, type AuthenticatedUserDto } from '../src/protocol/index.js'
import { readOutbox } from '../test/harness/outbox.js'
import { runConcurrently, type ThroughputResult } from './throughput.js'

export interface ServerLoadOptions {
  logins: number
  refreshes: number
  concurrency: number
}

export interface ServerLoadResult {
  init: ThroughputResult
  authenticate: ThroughputResult
  refresh: ThroughputResult
}

async function post<T>(apiUrl: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(new URL(path, apiUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'privy-app-id': DEV_APP_ID },
    body: JSON.stringify(body),
  })
  const json = (await response.json()) as T & { code?: string }
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status} ${json.code ?? ''}`)
  return json
}

export async function measureServerLoad(apiUrl: string, { logins, refreshes, concurrency }: ServerLoadOptions): Promise<ServerLoadResult> {
  const runId = Date.now().toString(36)
  const emails = Array.from({ length: logins }, (_, index) => `bench-${runId}-${index}@example.com`)

  const init = await runConcurrently(logins, concurrency, async (index) => {
    await post(apiUrl, '/api/v1/passwordless/init', { email: emails[index] })
  })

  const codes = new Map((await readOutbox(apiUrl)).reverse().map((message) => [message.to, message.code]))
  const refreshTokens: string[] = []
  const authenticate = await runConcurrently(logins, concurrency, async (index) => {
    const email = emails[index]!
    const code = codes.get(email)
    if (!code) throw new Error(`No code in the outbox for ${email}`)
    const login = await post<AuthenticatedUserDto>(apiUrl, '/api/v1/passwordless/authenticate', { email, code })
    if (login.refresh_token) refreshTokens.push(login.refresh_token)
  })

  const chains = refreshTokens.slice(0, concurrency)
  if (chains.length < concurrency) throw new Error('Not enough sessions to run the refresh benchmark')
  const refresh = await runConcurrently(refreshes, concurrency, async (_, worker) => {
    const rotated = await post<AuthenticatedUserDto>(apiUrl, '/api/v1/sessions', { refresh_token: chains[worker] })
    if (!rotated.refresh_token) throw new Error('The refresh answered without a new refresh token')
    chains[worker] = rotated.refresh_token
  })

  return { init, authenticate, refresh }
}
