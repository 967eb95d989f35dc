import { renderToString } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { LinkedAccountDto } from '../../src/protocol/index.js'
import { startFakeApi, type FakeApi } from '../../src/core/test-support/api-server.js'
import { apiRoutes } from '../../src/core/test-support/fake-routes.js'
import { appConfigDto, authResponse, userDto } from '../../src/core/test-support/fixtures.js'
import type { TesseraClient, TesseraError, User } from '../../src/core/index.js'
import {
  TesseraProvider,
  useLinkFarcaster,
  useLoginWithFarcaster,
  useTesseraClient,
  type UseLinkFarcasterResult,
  type UseLoginWithFarcasterResult,
} from '../index.js'

const appId = 'tessera-test-app-00000041'
const times = { verified_at: 1_700_000_000, first_verified_at: 1_700_000_000, latest_verified_at: 1_700_000_000 }
const farcaster = (fid: number): LinkedAccountDto => ({ type: 'farcaster', fid, owner_address: '0x0000000000000000000000000000000000000001', ...times })
let api: FakeApi
let client: TesseraClient | null = null
let linkAnswer: { status?: number; body: unknown }
beforeEach(async () => {
  linkAnswer = { body: userDto({ linked_accounts: [farcaster(1), farcaster(2)] }) }
  api = await startFakeApi(
    apiRoutes({
      [`GET /api/v1/apps/${appId}`]: () => ({ body: appConfigDto({ id: appId, farcaster_auth: true }) }),
      'POST /api/v1/farcaster/init': () => ({
        body: { channel_token: 'channel', connect_uri: 'https://farcaster.xyz/~/sign-in-with-farcaster?channelToken=channel' },
      }),
      'GET /api/v1/farcaster/status': () => ({ body: { state: 'completed', nonce: 'n', message: 'm', signature: '0x1', fid: 1 } }),
      'POST /api/v1/farcaster/authenticate': async () => ({
        body: await authResponse({ is_new_user: true, user: userDto({ linked_accounts: [farcaster(1)] }) }),
      }),
      'POST /api/v1/farcaster/link': () => linkAnswer,
    }),
  )
})
afterEach(async () => {
  client?.destroy()
  await api.close()
})

function render() {
  const hooks: { login?: UseLoginWithFarcasterResult; link?: UseLinkFarcasterResult } = {}
  const events: { logins: User[]; links: User[]; errors: TesseraError[] } = { logins: [], links: [], errors: [] }
  function Probe() {
    hooks.login = useLoginWithFarcaster({ onComplete: ({ user }) => events.logins.push(user) })
    hooks.link = useLinkFarcaster({ onSuccess: ({ user }) => events.links.push(user), onError: (error) => events.errors.push(error) })
    client = useTesseraClient()
    return null
  }
  renderToString(
    <TesseraProvider appId={appId} apiUrl={api.url}>
      <Probe />
    </TesseraProvider>,
  )
  return { hooks, events }
}

describe('useLoginWithFarcaster and useLinkFarcaster', () => {
  it('sign in, link and report through the callbacks', async () => {
    const { hooks, events } = render()
    await client!.ready
    expect(hooks.login!.state.status).toBe('initial')

    await hooks.login!.loginWithFarcaster()
    expect(events.logins.map((user) => user.farcaster?.fid)).toEqual([1])
    expect(client!.auth.farcaster.getState().status).toBe('done')

    await hooks.link!.linkFarcaster()
    expect(events.links[0]!.linkedAccounts.map((account) => account.type)).toEqual(['farcaster', 'farcaster'])

    linkAnswer = { status: 400, body: { error: 'This account has already been linked to another user.', code: 'linked_to_another_user' } }
    await hooks.link!.linkFarcaster()
    expect(events.errors.map((error) => error.code)).toEqual(['linked_to_another_user'])
  })

  it('rejects without onError', async () => {
    const { hooks } = render()
    await client!.ready
    await hooks.login!.loginWithFarcaster()
    await expect(hooks.login!.loginWithFarcaster()).rejects.toMatchObject({ code: 'already_logged_in' })
  })
})
