import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appDefaults } from '../../apps/store.js'
import type { AppRecord, BridgeSettings } from '../../apps/types.js'
import { startProviderTestServer, type ProviderAnswer, type ProviderRequest, type ProviderTestServer } from '../test-support/route-testing.js'
import { fetchRelayQuote, quoteRequestId, RELAY_QUOTE_PATH } from './fetch-quote.js'
import { bridgeStatusOf, fetchRelayStatus } from './fetch-status.js'
import { findRelayRequestByHash } from './find-request.js'
import { bridgeQuoteBody } from './quote-body.js'
import { isTestnetRoute } from './relay-network.js'

const API_KEY = 'relay-test-key'
const user = '0x2222222222222222222222222222222222222222'
const recipient = '0x1111111111111111111111111111111111111111'
const requestId = `0x${'ab'.repeat(32)}`
let answer: (request: ProviderRequest) => ProviderAnswer
let relay: ProviderTestServer
let bridge: BridgeSettings
beforeAll(async () => {
  relay = await startProviderTestServer((request) => answer(request))
  bridge = {
    provider: 'relay',
    apiUrl: `${relay.url}/main`,
    testnetsApiUrl: `${relay.url}/testnets`,
    apiKey: API_KEY,
    explorerUrl: 'https://relay.link',
    testnetsExplorerUrl: 'https://testnets.relay.link',
  }
})
afterAll(async () => {
  await relay?.close()
})

const quote = bridgeQuoteBody.parse({
  tradeType: 'EXPECTED_OUTPUT',
  amount: '1000000000000000',
  user,
  recipient,
  originChainId: 31338,
  destinationChainId: 31337,
})
const step = (data: object, extra: object = {}) => ({
  id: 'deposit',
  action: 'Confirm transaction',
  kind: 'transaction',
  ...extra,
  items: [{ status: 'incomplete', data }],
})

describe('Relay quotes', () => {
  it(`asks ${RELAY_QUOTE_PATH} with the API key and the paying wallet as refund address, and passes the quote through`, async () => {
    const item = { from: user, to: '0x3333333333333333333333333333333333333333', value: '1001000000000000', chainId: 31338, data: requestId }
    answer = () => ({ status: 200, body: { steps: [step(item, { requestId })], fees: { relayer: { amount: '1000000000000' } }, details: { timeEstimate: 2 } } })
    const answered = await fetchRelayQuote(bridge, false, quote)
    expect(answered).toEqual({ steps: [step(item, { requestId })], fees: { relayer: { amount: '1000000000000' } }, details: { timeEstimate: 2 } })
    expect(quoteRequestId(answered)).toBe(requestId)
    const request = relay.requests.at(-1)!
    expect(request).toMatchObject({ method: 'POST', path: `/main${RELAY_QUOTE_PATH}` })
    expect(request.headers['x-api-key']).toBe(API_KEY)
    expect(JSON.parse(request.body)).toEqual({
      tradeType: 'EXPECTED_OUTPUT',
      amount: '1000000000000000',
      user,
      recipient,
      originChainId: 31338,
      destinationChainId: 31337,
      originCurrency: '0x0000000000000000000000000000000000000000',
      destinationCurrency: '0x0000000000000000000000000000000000000000',
      refundTo: user,
    })
  })

  it('puts a request id given once at the top onto the steps, where the client reads it', async () => {
    answer = () => ({ status: 200, body: { requestId, steps: [step({ to: recipient })] } })
    const answered = await fetchRelayQuote(bridge, true, quote)
    expect(answered.steps[0]!.requestId).toBe(requestId)
    expect(relay.requests.at(-1)!.path).toBe(`/testnets${RELAY_QUOTE_PATH}`)
  })

  it("answers Relay's 'Invalid address' refusal as the quote (funding spec, \"Validation rules\"), and its other refusals as 400", async () => {
    answer = () => ({ status: 400, body: { message: 'Invalid address for destination chain', errorCode: 'INVALID_ADDRESS' } })
    expect(await fetchRelayQuote(bridge, false, quote)).toEqual({ message: 'Invalid address for destination chain', errorCode: 'INVALID_ADDRESS', steps: [] })
    answer = () => ({ status: 400, body: { message: 'Amount too low', errorCode: 'AMOUNT_TOO_LOW' } })
    await expect(fetchRelayQuote(bridge, false, quote)).rejects.toMatchObject({
      status: 400,
      code: 'invalid_data',
      message: 'The bridge could not quote this transfer: Amount too low',
    })
  })

  it('answers 503 when Relay refuses the key, fails, answers a shape without steps or cannot be reached', async () => {
    for (const reply of [
      { status: 401, body: { message: 'Invalid API key' } },
      { status: 500, text: 'oops' },
      { status: 200, body: { steps: 'none' } },
    ]) {
      answer = () => reply
      await expect(fetchRelayQuote(bridge, false, quote)).rejects.toMatchObject({ status: 503, code: 'internal_error' })
    }
    await expect(fetchRelayQuote({ ...bridge, apiUrl: 'http://127.0.0.1:9' }, false, quote)).rejects.toMatchObject({
      status: 503,
      message: 'The bridge service could not be reached, try again later',
    })
  })

  it("defaults Solana's currency to the system program and others' to the zero address", () => {
    const toSolana = bridgeQuoteBody.parse({
      tradeType: 'EXPECTED_OUTPUT',
      amount: '5',
      user,
      recipient: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV',
      originChainId: 8453,
      destinationChainId: 792703809,
    })
    expect(toSolana).toMatchObject({ originCurrency: '0x0000000000000000000000000000000000000000', destinationCurrency: '11111111111111111111111111111111' })
  })

  it("routes to the testnets host when either chain is a testnet: the app's chain setting first, else a known testnet", () => {
    const app: AppRecord = {
      ...appDefaults,
      id: 'app',
      name: 'App',
      chains: [
        {
          id: 31337,
          name: 'Anvil',
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          rpcUrl: 'http://127.0.0.1:8545',
          blockExplorerUrl: null,
          testnet: true,
        },
      ],
    }
    expect(isTestnetRoute(app, [8453, 31337])).toBe(true)
    expect(isTestnetRoute(app, [8453, 84532])).toBe(true)
    expect(isTestnetRoute(app, [8453, 10])).toBe(false)
    expect(isTestnetRoute({ ...app, chains: [{ ...app.chains[0]!, id: 84532, testnet: false }] }, [8453, 84532])).toBe(false)
  })
})

describe('Relay status', () => {
  it('reads /intents/status/v3 by request id with the API key, and normalizes the status', async () => {
    answer = () => ({ status: 200, body: { status: 'success', inTxHashes: ['0x1'], txHashes: ['0x2'] } })
    expect(await fetchRelayStatus(bridge, false, requestId)).toBe('success')
    const request = relay.requests.at(-1)!
    expect(request).toMatchObject({ method: 'GET', path: '/main/intents/status/v3' })
    expect(request.query.get('requestId')).toBe(requestId)
    expect(request.headers['x-api-key']).toBe(API_KEY)
    for (const [relayStatus, status] of [
      ['waiting', 'waiting'],
      ['depositing', 'pending'],
      ['submitted', 'pending'],
      ['delayed', 'delayed'],
      ['refund', 'refund'],
      ['failure', 'failure'],
      ['something-new', 'pending'],
      [undefined, 'pending'],
    ]) {
      expect(bridgeStatusOf(relayStatus)).toBe(status)
    }
  })

  it('reads a request Relay has not seen as pending, and a failing Relay as 503', async () => {
    answer = () => ({ status: 404, body: { message: 'not found' } })
    expect(await fetchRelayStatus(bridge, true, requestId)).toBe('pending')
    answer = () => ({ status: 500, body: {} })
    await expect(fetchRelayStatus(bridge, true, requestId)).rejects.toMatchObject({ status: 503 })
  })

  it('finds a request by its deposit hash on the main host, else the testnets host', async () => {
    const hash = `0x${'cd'.repeat(32)}`
    answer = (request) => ({ status: 200, body: { requests: request.path.startsWith('/testnets') ? [{ id: requestId, status: 'refund' }] : [] } })
    expect(await findRelayRequestByHash(bridge, hash)).toEqual({ id: requestId, status: 'refund', testnet: true })
    const [main, testnets] = relay.requests.slice(-2)
    expect(main).toMatchObject({ path: '/main/requests/v3' })
    expect(main!.query.get('depositTxHash')).toBe(hash)
    expect(testnets!.headers['x-api-key']).toBe(API_KEY)
    answer = () => ({ status: 200, body: { requests: [] } })
    expect(await findRelayRequestByHash(bridge, hash)).toBeNull()
  })
})
