/** Answers the routes the core client calls, like the API would, for client-level tests. */
import type { AuthenticatedUserDto, LinkedAccountDto, UserDto } from '../../protocol/index.js'
import type { FakeHandler, FakeResponse, RecordedRequest } from './api-server.js'
import { appConfigDto, authResponse, TEST_APP_ID, TEST_OTP, TEST_TRANSFER_NONCE, userDto } from './fixtures.js'

type Route = (request: RecordedRequest) => FakeResponse | Promise<FakeResponse>

const error = (status: number, code: string, message: string): FakeResponse => ({ status, body: { error: message, code } })
const invalidCode = () => error(422, 'invalid_credentials', 'Invalid or expired verification code')
const times = { verified_at: 1_700_000_000, first_verified_at: 1_700_000_000, latest_verified_at: 1_700_000_000 }
const emailAccount = (address: string): LinkedAccountDto => ({ type: 'email', address, ...times })
const phoneAccount = (number: string): LinkedAccountDto => ({ type: 'phone', number, phoneNumber: number, ...times })

/** Account keys the way the server's user DTO spells them. */
function keyOf(account: LinkedAccountDto): string | null {
  if (account.type === 'email') return account.address
  if (account.type === 'phone') return account.number ?? null
  return 'subject' in account ? account.subject : null
}

/**
 * The routes over one signed-in user's linked accounts: a login replaces them with the account it used;
 * link, update, unlink and transfer change them with the server's rules (bearer, code, one per type, not the last one).
 */
export function apiRoutes(overrides: Record<string, Route> = {}): FakeHandler {
  let accounts: LinkedAccountDto[] = userDto().linked_accounts
  const currentUser = (): UserDto => userDto({ linked_accounts: accounts })
  const signedIn = (request: RecordedRequest) => /^Bearer .+/.test(String(request.headers.authorization ?? ''))

  const login =
    (account: LinkedAccountDto): Route =>
    async (request) => {
      if ((request.body as { code: string }).code !== TEST_OTP) return invalidCode()
      accounts = [account]
      return { body: await authResponse({ user: currentUser(), is_new_user: true } satisfies Partial<AuthenticatedUserDto>) }
    }
  /** Runs `change` for a signed-in caller with a right code (when the body has one), answering with the user. */
  const authed =
    (change: (body: Record<string, string>) => FakeResponse | void): Route =>
    (request) => {
      if (!signedIn(request)) return error(401, 'missing_or_invalid_token', 'Missing or invalid token')
      const body = request.body as Record<string, string>
      if ('code' in body && body.code !== TEST_OTP) return invalidCode()
      return change(body) ?? { body: currentUser() }
    }
  const link = (account: LinkedAccountDto) => {
    if (accounts.some((existing) => existing.type === account.type)) {
      return error(400, 'cannot_link_more_of_type', `User already has an account of type ${account.type} linked.`)
    }
    accounts = [...accounts, account]
  }
  const replace = (type: LinkedAccountDto['type'], oldKey: string, account: LinkedAccountDto) => {
    const index = accounts.findIndex((existing) => existing.type === type && keyOf(existing) === oldKey)
    if (index < 0) return error(404, 'linked_account_not_found', 'This account is not linked to the user')
    accounts = accounts.with(index, account)
  }
  const unlink = (type: LinkedAccountDto['type'], key: string) => {
    if (!accounts.some((existing) => existing.type === type && keyOf(existing) === key)) {
      return error(404, 'linked_account_not_found', 'This account is not linked to the user')
    }
    if (accounts.length <= 1) return error(400, 'cannot_unlink_sole_account', 'Cannot unlink the only account of a user')
    accounts = accounts.filter((existing) => !(existing.type === type && keyOf(existing) === key))
  }
  const transfer = (account: (body: Record<string, string>) => LinkedAccountDto) =>
    authed((body) => (body.nonce === TEST_TRANSFER_NONCE ? link(account(body)) : error(400, 'invalid_credentials', 'Invalid or expired transfer nonce')))

  const defaults: Record<string, Route> = {
    [`GET /api/v1/apps/${TEST_APP_ID}`]: () => ({ body: appConfigDto() }),
    'POST /api/v1/analytics_events': () => ({ body: {} }),
    'POST /api/v1/passwordless/init': () => ({ body: { success: true } }),
    'POST /api/v1/passwordless/authenticate': (request) => login(emailAccount((request.body as { email: string }).email))(request),
    'POST /api/v1/passwordless/link': authed((body) => link(emailAccount(body.email!))),
    'POST /api/v1/passwordless/update': authed((body) => replace('email', body.oldAddress!, emailAccount(body.newAddress!))),
    'POST /api/v1/passwordless/unlink': authed((body) => unlink('email', body.address!)),
    'POST /api/v1/passwordless/transfer': transfer((body) => emailAccount(body.email!)),
    'POST /api/v1/passwordless_sms/init': () => ({ body: { success: true } }),
    'POST /api/v1/passwordless_sms/authenticate': (request) => login(phoneAccount((request.body as { phoneNumber: string }).phoneNumber))(request),
    'POST /api/v1/passwordless_sms/link': authed((body) => link(phoneAccount(body.phoneNumber!))),
    'POST /api/v1/passwordless_sms/update': authed((body) => replace('phone', body.old_phone_number!, phoneAccount(body.new_phone_number!))),
    'POST /api/v1/passwordless_sms/unlink': authed((body) => unlink('phone', body.phoneNumber!)),
    'POST /api/v1/passwordless_sms/transfer': transfer((body) => phoneAccount(body.phoneNumber!)),
    'POST /api/v1/sessions': async () => ({ body: await authResponse() }),
    'POST /api/v1/sessions/logout': () => ({ body: {} }),
    'POST /api/v1/sessions/logout_all': () => ({ body: {} }),
    'GET /api/v1/users/me': () => ({ body: { user: currentUser(), identity_token: null } }),
    'POST /api/v1/users/me/accept_terms': () => ({ body: userDto({ has_accepted_terms: true }) }),
  }
  const table = { ...defaults, ...overrides }
  return (request) => table[`${request.method} ${request.path}`]?.(request) ?? { status: 404, body: { error: 'Not found', code: 'not_found' } }
}
