/** Answers the routes the core client calls, like the API would, for client-level tests. */
import type { AuthenticatedUserDto } from '../../protocol/index.js'
import type { FakeHandler, FakeResponse, RecordedRequest } from './api-server.js'
import { appConfigDto, authResponse, TEST_APP_ID, userDto } from './fixtures.js'

export function apiRoutes(overrides: Record<string, (request: RecordedRequest) => FakeResponse | Promise<FakeResponse>> = {}): FakeHandler {
  const defaults: Record<string, (request: RecordedRequest) => FakeResponse | Promise<FakeResponse>> = {
    [`GET /api/v1/apps/${TEST_APP_ID}`]: () => ({ body: appConfigDto() }),
    'POST /api/v1/analytics_events': () => ({ body: {} }),
    'POST /api/v1/passwordless/init': () => ({ body: { success: true } }),
    'POST /api/v1/passwordless/authenticate': async (request) => {
      const { code } = request.body as { code: string }
      if (code !== '123456') return { status: 422, body: { error: 'Invalid or expired verification code', code: 'invalid_credentials' } }
      return { body: await authResponse({ is_new_user: true } satisfies Partial<AuthenticatedUserDto>) }
    },
    'POST /api/v1/sessions': async () => ({ body: await authResponse() }),
    'POST /api/v1/sessions/logout': () => ({ body: {} }),
    'GET /api/v1/users/me': () => ({ body: { user: userDto(), identity_token: null } }),
    'POST /api/v1/users/me/accept_terms': () => ({ body: userDto({ has_accepted_terms: true }) }),
  }
  const table = { ...defaults, ...overrides }
  return (request) => table[`${request.method} ${request.path}`]?.(request) ?? { status: 404, body: { error: 'Not found', code: 'not_found' } }
}
