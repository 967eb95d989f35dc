/** The server rows of the benchmark, as closed-loop scenarios: what each connection sends and keeps. */
import type { Scenario } from './closed-loop.js'

export const serverScenarioNames = ['code-request', 'code-sign-in', 'refresh', 'users-me'] as const
export type ServerScenarioName = (typeof serverScenarioNames)[number]

export interface BenchSession {
  token: string
  refreshToken: string
}

export interface ScenarioInput {
  appId: string
  /** Makes this run's email addresses unique. */
  runId: string
  /** One signed-in session per connection (refresh and `/users/me`). */
  sessions: BenchSession[]
  /** Codes sent and not yet used, as [email, code]: each signs a new user in once. */
  codes: [string, string][]
}

export function serverScenario(name: ServerScenarioName, input: ScenarioInput): Scenario {
  const app = { 'privy-app-id': input.appId }
  const nothingToLearn = () => {}
  switch (name) {
    case 'code-request': {
      const sent: number[] = []
      return {
        next: (connection) => {
          sent[connection] = (sent[connection] ?? 0) + 1
          return {
            method: 'POST',
            path: '/api/v1/passwordless/init',
            headers: app,
            body: { email: `bench-${input.runId}-${connection}-${sent[connection]}@example.com` },
          }
        },
        answered: nothingToLearn,
      }
    }
    case 'code-sign-in': {
      let used = 0
      return {
        next: () => {
          const pair = input.codes[used++]
          return pair ? { method: 'POST', path: '/api/v1/passwordless/authenticate', headers: app, body: { email: pair[0], code: pair[1] } } : null
        },
        answered: nothingToLearn,
      }
    }
    case 'refresh': {
      // Each connection rotates its own session's refresh token: no two requests present the same one.
      const chains = input.sessions.map((session) => session.refreshToken)
      return {
        next: (connection) => ({ method: 'POST', path: '/api/v1/sessions', headers: app, body: { refresh_token: chains[connection] } }),
        answered: (connection, status, body) => {
          if (status === 200) chains[connection] = (JSON.parse(body) as { refresh_token: string }).refresh_token
        },
      }
    }
    case 'users-me':
      return {
        next: (connection) => ({ method: 'GET', path: '/api/v1/users/me', headers: { ...app, authorization: `Bearer ${input.sessions[connection]!.token}` } }),
        answered: nothingToLearn,
      }
  }
}
