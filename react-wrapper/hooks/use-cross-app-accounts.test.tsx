import { renderToString } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { LinkedAccountDto } from '../../src/protocol/index.js'
import { startFakeApi, type FakeApi } from '../../src/core/test-support/api-server.js'
import { apiRoutes } from '../../src/core/test-support/fake-routes.js'
import { appConfigDto, authResponse, TEST_OTP, userDto } from '../../src/core/test-support/fixtures.js'
import { TesseraProvider, useCrossAppAccounts, useTesseraClient, type UseCrossAppAccountsResult } from '../index.js'
import type { TesseraClient } from '../../src/core/index.js'

const appId = 'tessera-test-app-00000031'
const providerAppId = 'tessera-provider-app-0031'
const times = { verified_at: 1_700_000_000, first_verified_at: null, latest_verified_at: null }
const email: LinkedAccountDto = { type: 'email', address: 'ada@example.com', ...times }
const providerWallet = '0x2222222222222222222222222222222222222222'
const crossApp: LinkedAccountDto = {
  type: 'cross_app',
  subject: 'did:privy:provider-user',
  embedded_wallets: [{ address: providerWallet }],
  smart_wallets: [],
  provider_app: { id: providerAppId },
  ...times,
}

let api: FakeApi
let readOnly = false
let client: TesseraClient | null = null
beforeEach(async () => {
  readOnly = false
  api = await startFakeApi(
    apiRoutes({
      [`GET /api/v1/apps/${appId}`]: () => ({ body: appConfigDto({ id: appId }) }),
      'POST /api/v1/passwordless/authenticate': async () => ({ body: await authResponse({ user: userDto({ linked_accounts: [email, crossApp] }) }) }),
      'POST /api/v1/cross-app/unlink': () => ({ body: userDto({ linked_accounts: [email] }) }),
      [`GET /api/v1/apps/${appId}/cross-app/connections`]: () => ({
        body: {
          connections: [
            {
              provider_app_id: providerAppId,
              provider_app_name: 'Provider',
              provider_app_icon_url: null,
              provider_app_custom_api_url: null,
              read_only: readOnly,
              provider_app_custom_auth_authorize_url: 'https://provider.example/authorize',
              provider_app_custom_auth_transact_url: 'https://provider.example/transact',
            },
          ],
        },
      }),
    }),
  )
})
afterEach(async () => {
  client?.destroy()
  await api.close()
})

describe('useCrossAppAccounts', () => {
  it('unlinks by subject (finding the provider app from the account) and follows the flow state', async () => {
    let result: UseCrossAppAccountsResult | null = null
    function Probe() {
      result = useCrossAppAccounts()
      client = useTesseraClient()
      return null
    }
    renderToString(
      <TesseraProvider appId={appId} apiUrl={api.url}>
        <Probe />
      </TesseraProvider>,
    )
    await client!.ready
    expect(result!.state).toEqual({ status: 'initial', intent: 'login', providerAppId: null, error: null })

    await client!.auth.email.sendCode('ada@example.com')
    await client!.auth.email.loginWithCode(TEST_OTP)
    const user = await result!.unlinkCrossAppAccount({ subject: 'did:privy:provider-user' })
    expect(api.calls('/api/v1/cross-app/unlink')[0]!.body).toEqual({ provider_app_id: providerAppId, subject: 'did:privy:provider-user' })
    expect(user.linkedAccounts.map((account) => account.type)).toEqual(['email'])
  })

  it('asks the provider through the cross-app account, refused for a read-only connection', async () => {
    let result: UseCrossAppAccountsResult | null = null
    function Probe() {
      result = useCrossAppAccounts()
      client = useTesseraClient()
      return null
    }
    renderToString(
      <TesseraProvider appId={appId} apiUrl={api.url}>
        <Probe />
      </TesseraProvider>,
    )
    await client!.ready
    await client!.auth.email.sendCode('ada@example.com')
    await client!.auth.email.loginWithCode(TEST_OTP)
    readOnly = true
    await expect(result!.signMessage('hello', { appId: providerAppId })).rejects.toMatchObject({
      code: 'cross_app_read_only',
      shortMessage: 'Cannot transact against a read-only provider app',
    })
    await expect(result!.sendTransaction({ to: '0x0' }, { appId: providerAppId })).rejects.toMatchObject({ code: 'cross_app_read_only' })
    expect(api.calls('/api/v1/cross-app/transact/init')).toHaveLength(0)
  })

  it("signs typed data, and passes the wallet's address, finding the provider app from it when no appId is given", async () => {
    let result: UseCrossAppAccountsResult | null = null
    function Probe() {
      result = useCrossAppAccounts()
      client = useTesseraClient()
      return null
    }
    renderToString(
      <TesseraProvider appId={appId} apiUrl={api.url}>
        <Probe />
      </TesseraProvider>,
    )
    await client!.ready
    await client!.auth.email.sendCode('ada@example.com')
    await client!.auth.email.loginWithCode(TEST_OTP)
    const calls: { method: string; input: unknown }[] = []
    const record =
      <T,>(method: string, answer: T) =>
      async (input: unknown) => (calls.push({ method, input }), answer)
    Object.assign(client!.auth.crossApp, {
      signMessage: record('signMessage', { signature: '0xmessage' }),
      signTypedData: record('signTypedData', { signature: '0xtyped' }),
      sendTransaction: record('sendTransaction', { transactionHash: '0xhash' }),
    })
    const typedData = { types: { EIP712Domain: [] }, primaryType: 'EIP712Domain', domain: {}, message: {} }
    expect(await result!.signTypedData(typedData, { address: providerWallet.toUpperCase().replace('0X', '0x') })).toBe('0xtyped')
    expect(await result!.signMessage('hello', { appId: providerAppId, address: providerWallet })).toBe('0xmessage')
    expect(await result!.sendTransaction({ to: providerWallet }, { appId: providerAppId })).toBe('0xhash')
    expect(calls).toEqual([
      { method: 'signTypedData', input: { providerAppId, address: providerWallet.toUpperCase().replace('0X', '0x'), typedData } },
      { method: 'signMessage', input: { providerAppId, address: providerWallet, message: 'hello' } },
      { method: 'sendTransaction', input: { providerAppId, transaction: { to: providerWallet } } },
    ])
    await expect(result!.signMessage('hello', { address: '0x3333333333333333333333333333333333333333' })).rejects.toMatchObject({
      code: 'cross_app_request_error',
      shortMessage: 'Cannot request a signature with this wallet address',
    })
    expect(calls).toHaveLength(3)
  })

  it('reports a login without a browser window (Node) as a coded error in the flow state, and a link while signed out', async () => {
    let result: UseCrossAppAccountsResult | null = null
    function Probe() {
      result = useCrossAppAccounts()
      client = useTesseraClient()
      return null
    }
    renderToString(
      <TesseraProvider appId={appId} apiUrl={api.url}>
        <Probe />
      </TesseraProvider>,
    )
    await client!.ready
    await expect(result!.loginWithCrossAppAccount({ appId: providerAppId })).rejects.toMatchObject({ code: 'unknown_auth_error' })
    expect(client!.auth.crossApp.getState()).toMatchObject({ status: 'error', error: { code: 'unknown_auth_error' } })
    await expect(result!.linkCrossAppAccount({ appId: providerAppId })).rejects.toMatchObject({ code: 'must_be_authenticated' })
  })
})
