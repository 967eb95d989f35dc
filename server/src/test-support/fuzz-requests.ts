import fc from 'fast-check'
import type { Hono } from 'hono'

/** One route of the server's Hono app: a method and a path pattern such as `/api/v1/embedded_wallets/:address/auth_share`. */
export interface FuzzRoute {
  method: string
  path: string
}

/** A request the fuzzer sends; `body` is raw text (or absent), `bodyBytes` only says how big it is for reports. */
export interface FuzzRequest {
  method: string
  path: string
  headers: Record<string, string>
  body?: string
}

export interface FuzzFinding {
  request: { method: string; path: string; headers: Record<string, string>; bodyPrefix?: string; bodyBytes: number }
  status: number
  problem: string
}

/** Every concrete route the app answers (middleware wildcards left out), so new routes are fuzzed without a list to keep. */
export function routesOf(app: Hono<any>): FuzzRoute[] {
  const seen = new Map<string, FuzzRoute>()
  for (const { method, path } of app.routes) {
    if (path.includes('*')) continue
    const route = { method: method === 'ALL' ? 'POST' : method, path }
    seen.set(`${route.method} ${route.path}`, route)
  }
  return [...seen.values()]
}

/** Field names the API reads, so random values reach the schemas' type checks and not only 'unknown field'. */
const fieldNames = [
  'email',
  'code',
  'phoneNumber',
  'phone_number',
  'refresh_token',
  'token',
  'captcha',
  'mode',
  'address',
  'chainId',
  'chain_id',
  'message',
  'signature',
  'nonce',
  'provider',
  'redirect_to',
  'code_challenge',
  'state_code',
  'authorization_code',
  'code_verifier',
  'guest_credential',
  'telegram_auth_result',
  'telegram_web_app_data',
  'channel_token',
  'fid',
  'relying_party',
  'authenticator_response',
  'chain_type',
  'wallet_index',
  'entropy_id',
  'entropy_id_verifier',
  'share_version',
  'device_share',
  'recovery_method',
  'idempotency_key',
  'method',
  'params',
  'transaction',
  'amount',
  'asset',
  'destination',
  'event_name',
  'payload',
  'type',
  'id',
  'data',
  'name',
]

/** Strings that have broken parsers elsewhere: NUL, lone surrogates, overlong-looking UTF-8, astral characters, control characters. */
const nastyString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\uD800',
    '\uDFFF\uD800',
    '\u00C0\u0080',
    '\u202E',
    '𝟙'.repeat(50),
    '%00',
    '../../etc/passwd',
    '{{7*7}}',
    "' OR 1=1 --",
  ),
  fc.nat({ max: 100 * 1024 }).map((length) => 'x'.repeat(length)),
)

const leaf = fc.oneof(nastyString, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.bigInt().map(String))
const value = fc.oneof(
  { depthSize: 'small', maxDepth: 4 },
  leaf,
  fc.array(leaf, { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), leaf, { maxKeys: 4 }),
  fc.jsonValue({ maxDepth: 3 }),
)

const deepNesting = fc
  .integer({ min: 100, max: 20_000 })
  .chain((depth) => fc.constantFrom('[', '{"a":').map((open) => open.repeat(depth) + (open === '[' ? ']' : '1}').repeat(depth)))

/** Raw request bodies: known fields with random values, random JSON, malformed JSON, deep nesting, and rarely a 10 MB body. */
const bodyText: fc.Arbitrary<string> = fc.oneof(
  { weight: 8, arbitrary: fc.dictionary(fc.constantFrom(...fieldNames), value, { maxKeys: 6 }).map((object) => JSON.stringify(object)) },
  { weight: 3, arbitrary: fc.jsonValue().map((json) => JSON.stringify(json)) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }) },
  {
    weight: 2,
    arbitrary: fc
      .jsonValue()
      .map((json) => JSON.stringify(json))
      .chain((text) => fc.nat({ max: Math.max(0, text.length - 1) }).map((cut) => text.slice(0, cut))),
  },
  { weight: 1, arbitrary: deepNesting },
  { weight: 1, arbitrary: fc.constant(`{"email":"a@b.co","padding":"${'x'.repeat(10 * 1024 * 1024)}"}`) },
)

const headerText = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)), maxLength: 300 })
const base64url = fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes).toString('base64url'))
const garbageJwt = fc.oneof(
  fc.tuple(base64url, base64url, base64url).map((parts) => parts.join('.')),
  fc.tuple(fc.jsonValue(), fc.jsonValue(), base64url).map(([header, claims, signature]) =>
    [header, claims]
      .map((part) => Buffer.from(JSON.stringify(part) ?? 'null').toString('base64url'))
      .concat(signature)
      .join('.'),
  ),
  fc.constant('eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.'),
  headerText,
)

export interface FuzzContext {
  /** The app every well-formed request names; random ids are sent too. */
  appId: string
  /** A live access token, so the fuzzer also reaches the code behind the bearer check. */
  accessToken: string
}

/** Random headers: app id (valid, garbage, absent), bearer tokens (valid, garbage JWTs), content types and encodings. */
function headersFor(context: FuzzContext): fc.Arbitrary<Record<string, string>> {
  const optional = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined, freq: 3 })
  return fc
    .record({
      'privy-app-id': optional(fc.oneof({ weight: 6, arbitrary: fc.constant(context.appId) }, { weight: 1, arbitrary: headerText })),
      authorization: optional(
        fc.oneof(
          fc.constant(`Bearer ${context.accessToken}`),
          garbageJwt.map((jwt) => `Bearer ${jwt}`),
          headerText,
        ),
      ),
      'content-type': optional(
        fc.constantFrom(
          'application/json',
          'application/json; charset=utf-16',
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'multipart/form-data',
          'application/octet-stream',
          '*/*',
          ';;;',
        ),
      ),
      'content-encoding': optional(fc.constantFrom('gzip', 'identity', 'br', 'deflate', 'x-invalid', 'gzip, gzip')),
      'x-forwarded-for': optional(headerText),
      cookie: optional(headerText),
      origin: optional(fc.constantFrom('http://allowed.test:3000', 'null', 'http://evil.test')),
      'sec-fetch-site': optional(fc.constantFrom('cross-site', 'same-origin', 'none')),
    })
    .map((headers) => Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== undefined)) as Record<string, string>)
}

const pathValue = fc.oneof(
  fc.constant('0xC858008DaFBeB13d853bF211FD54bb2E849415e1'),
  fc.constant('4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T'),
  nastyString.map((text) => [...Buffer.from(text.slice(0, 500))].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('') || 'x'),
)

/** A request for `route`: its own method mostly, sometimes another; path parameters and query random too. */
export function requestFor(route: FuzzRoute, context: FuzzContext): fc.Arbitrary<FuzzRequest> {
  const params = route.path.match(/:[A-Za-z_]+/g) ?? []
  return fc
    .record({
      method: fc.oneof(
        { weight: 5, arbitrary: fc.constant(route.method) },
        { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD') },
      ),
      values: fc.tuple(...params.map(() => pathValue)),
      query: fc.option(
        fc.dictionary(
          fc.constantFrom('apiKey', 'code', 'state', 'redirect_to', 'token', 'address', 'x'),
          nastyString.map((text) => text.slice(0, 2000)),
          { maxKeys: 3 },
        ),
        { nil: undefined },
      ),
      headers: headersFor(context),
      body: fc.option(bodyText, { nil: undefined, freq: 6 }),
    })
    .map(({ method, values, query, headers, body }) => {
      let path = route.path
      params.forEach((param, index) => {
        path = path.replace(param, values[index]!)
      })
      if (query) path += `?${new URLSearchParams(query).toString()}`
      return { method, path, headers, ...(method === 'GET' || method === 'HEAD' ? {} : { body }) }
    })
}

/** Patterns that must never appear in an answer: stack frames, PEM blocks, private JWK members, raw error classes. */
const leakPatterns: [string, RegExp][] = [
  ['a stack trace', /\bat [^\s]+ \(?[^\s)]*\.(?:ts|js|mjs):\d+/],
  ['a PEM block', /-----BEGIN [A-Z ]+-----/],
  ['a private JWK member', /"d"\s*:\s*"[A-Za-z0-9_-]{20,}"/],
  ['a JavaScript error name', /\b(?:TypeError|RangeError|ReferenceError|SyntaxError|error: (?:relation|column|syntax))\b/],
]
/** Fields an answer to the signed-in owner may carry (recovery material, a TOTP secret to enrol), but an error never does. */
const secretField = /"(?:auth_share|recovery_share|device_share|private_key|secret|client_secret|bot_token|secretKey)"\s*:/

/** The chain relay and the ERC-7677 paymaster answer JSON-RPC clients. */
const isJsonRpcPath = (path: string) => /^\/api\/v1\/apps\/[^/]+\/(?:rpc\/|paymaster(?:[?#]|$))/.test(path)
function isJsonRpcError(body: Record<string, unknown>): boolean {
  const error = body.error as { code?: unknown; message?: unknown } | undefined
  return body.jsonrpc === '2.0' && typeof error?.code === 'number' && typeof error.message === 'string'
}

/** Sends one request and returns what is wrong with its answer, if anything: a 5xx, a leak, or an error body of the wrong shape. */
export async function checkRequest(baseUrl: string, request: FuzzRequest): Promise<FuzzFinding | null> {
  const response = await fetch(baseUrl + request.path, { method: request.method, headers: request.headers, body: request.body, redirect: 'manual' })
  const text = await response.text()
  const bodyBytes = request.body ? Buffer.byteLength(request.body) : 0
  const describe = (problem: string): FuzzFinding => ({
    request: { method: request.method, path: request.path.slice(0, 300), headers: request.headers, bodyPrefix: request.body?.slice(0, 300), bodyBytes },
    status: response.status,
    problem,
  })
  if (response.status >= 500) return describe(`answered ${response.status}: ${text.slice(0, 300)}`)
  for (const [name, pattern] of leakPatterns) if (pattern.test(text)) return describe(`the answer contains ${name}: ${text.slice(0, 300)}`)
  if (response.status >= 400 && secretField.test(text)) return describe(`the error contains a secret field: ${text.slice(0, 300)}`)
  if (response.status >= 400 && request.method !== 'HEAD' && response.headers.get('content-type')?.includes('application/json')) {
    const body = JSON.parse(text) as Record<string, unknown>
    // The chain relay and the paymaster speak JSON-RPC 2.0 (`{ jsonrpc, id, error: { code, message } }`); the
    // middleware before them (origin, body size) answers like every route.
    if (isJsonRpcPath(request.path) && isJsonRpcError(body)) return null
    if (typeof body.error !== 'string' || typeof body.code !== 'string') return describe(`error body without { error, code }: ${text.slice(0, 300)}`)
  }
  return null
}
