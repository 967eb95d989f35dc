/**
 * The frame speaking react-auth 2.25's dialect (docs/decisions.md "The reference React SDK"): its `privy:`-prefixed events, with the messages shaped
 * exactly as its wallet proxy posts them, through the real listener, handlers and custody, on the in-memory server.
 */
import { ed25519 } from '@noble/curves/ed25519'
import { parseTransaction, recoverTransactionAddress, toHex, verifyMessage, type Hex } from 'viem'
import { beforeEach, describe, expect, it } from 'vitest'
import { decodeBase58 } from '../../protocol/index.js'
import { base64ToBytes, bytesToBase64 } from '../encoding.js'
import { frameHandlers } from '../handlers/index.js'
import { listenToParent } from '../listener.js'
import { memoryDeviceShareStore } from '../memory-device-store.js'
import { referenceDialect } from './answer.js'
import { fakeFrameWindow } from '../test-support/fake-parent.js'
import { fakeShareServer } from '../test-support/fake-share-server.js'

const appId = 'cm0000000000000000000appid'
const parentOrigin = 'http://localhost:5173'
const accessToken = 'token-of-alice'
const ethereumVerifier = 'ethereum-address-verifier'

let server: ReturnType<typeof fakeShareServer>

/** One browser: its frame storage, its frame and the reference's wallet proxy talking to it. */
function browser() {
  const frame = fakeFrameWindow()
  const deviceShares = memoryDeviceShareStore()
  const context = { appId, api: server.api, deviceShares }
  const handlers = frameHandlers(context)
  listenToParent(frame.frameWindow, parentOrigin, handlers, referenceDialect(context, handlers))
  let counter = 0
  /** As react-auth's proxy does: `{id, event, data}`, then the reply with that id and event. */
  async function send(event: string, data: Record<string, unknown>): Promise<Record<string, any>> {
    const id = `id-${counter++}`
    frame.deliver({ source: frame.parent, origin: parentOrigin, data: { id, event, data } })
    for (let wait = 0; wait < 400; wait++) {
      const reply = frame.posted.find(({ message }) => (message as { id: string }).id === id)
      if (reply) return reply.message as Record<string, any>
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    throw new Error(`no reply to ${event}`)
  }
  return { frame, send }
}

beforeEach(() => {
  server = fakeShareServer()
  server.signIn(accessToken, 'alice')
})

/** The reference signs every non-imported wallet under its primary wallet's entropy (Ethereum index 0). */
async function walletsOf(page: ReturnType<typeof browser>) {
  const ethereum = await page.send('privy:wallet:create', { accessToken })
  const solana = await page.send('privy:solana-wallet:create', { accessToken, ethereumAddress: ethereum.data.address })
  return { ethereum: ethereum.data.address as Hex, solana: solana.data.address as string }
}

const rpc = (request: Record<string, unknown>, chainType: 'ethereum' | 'solana', primary: string) => ({
  accessToken,
  entropyId: primary,
  entropyIdVerifier: ethereumVerifier,
  chainType,
  hdWalletIndex: 0,
  request,
})

describe('the reference dialect (react-auth 2.25)', () => {
  it('posts nothing unasked and answers privy:iframe:ready with the id it was asked with', async () => {
    const page = browser()
    expect(page.frame.posted).toEqual([])
    expect(await page.send('privy:iframe:ready', {})).toEqual({ id: 'id-0', event: 'privy:iframe:ready', data: {} })
  })

  it('creates the Ethereum and Solana wallets from privy:wallet:create and privy:solana-wallet:create, answered under the same event', async () => {
    const page = browser()
    const ethereum = await page.send('privy:wallet:create', { accessToken })
    expect(ethereum).toMatchObject({ id: 'id-0', event: 'privy:wallet:create', data: { address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/) } })
    const solana = await page.send('privy:solana-wallet:create', { accessToken, ethereumAddress: ethereum.data.address })
    expect(solana.event).toBe('privy:solana-wallet:create')
    expect(decodeBase58(solana.data.address)).toHaveLength(32)
  })

  it('answers privy:wallets:rpc as {response: {method, data}}: a personal_sign that verifies', async () => {
    const page = browser()
    const { ethereum } = await walletsOf(page)
    const message = toHex('Hello from react-auth')
    const reply = await page.send('privy:wallets:rpc', rpc({ method: 'personal_sign', params: [message, ethereum] }, 'ethereum', ethereum))
    expect(reply.event).toBe('privy:wallets:rpc')
    expect(reply.response).toBeUndefined()
    expect(reply.data.response.method).toBe('personal_sign')
    expect(await verifyMessage({ address: ethereum, message: { raw: message }, signature: reply.data.response.data })).toBe(true)
  })

  it('signs Solana signMessage {message} without an encoding (base64 implied), under the Ethereum primary’s entropyId', async () => {
    const page = browser()
    const { ethereum, solana } = await walletsOf(page)
    const bytes = new TextEncoder().encode('a Solana transaction message')
    const reply = await page.send('privy:wallets:rpc', rpc({ method: 'signMessage', params: { message: bytesToBase64(bytes) } }, 'solana', ethereum))
    expect(reply.error).toBeUndefined()
    const signature = base64ToBytes(reply.data.response.data.signature)!
    expect(ed25519.verify(signature, bytes, decodeBase58(solana)!)).toBe(true)
  })

  it('signs the transaction react-auth prepares with viem (bigint quantities, numeric type 2)', async () => {
    const page = browser()
    const { ethereum } = await walletsOf(page)
    const prepared = {
      from: ethereum,
      account: { address: ethereum, type: 'json-rpc' },
      to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      value: 10n ** 15n,
      chainId: 31337,
      nonce: 0,
      gas: 21000n,
      maxFeePerGas: 2_000_000_000n,
      maxPriorityFeePerGas: 1_000_000_000n,
      type: 2,
    }
    const reply = await page.send('privy:wallets:rpc', rpc({ method: 'eth_signTransaction', params: [prepared] }, 'ethereum', ethereum))
    const signed = reply.data.response.data as Hex
    expect(parseTransaction(signed)).toMatchObject({ type: 'eip1559', chainId: 31337, value: 10n ** 15n, gas: 21000n, to: prepared.to.toLowerCase() })
    expect(await recoverTransactionAddress({ serializedTransaction: signed as `0x02${string}` })).toBe(ethereum)
  })

  it('converts a legacy request (type 0, gasLimit, decimal strings) and refuses what does not convert, naming the field', async () => {
    const page = browser()
    const { ethereum } = await walletsOf(page)
    const legacy = {
      to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      value: '1000',
      chainId: '0x7a69',
      nonce: 3n,
      gasLimit: 21000,
      gasPrice: '1000000000',
      type: 0,
    }
    const signed = await page.send('privy:wallets:rpc', rpc({ method: 'eth_signTransaction', params: [legacy] }, 'ethereum', ethereum))
    expect(parseTransaction(signed.data.response.data)).toMatchObject({
      type: 'legacy',
      chainId: 31337,
      nonce: 3,
      gas: 21000n,
      gasPrice: 10n ** 9n,
      value: 1000n,
    })
    const refused = await page.send(
      'privy:wallets:rpc',
      rpc({ method: 'eth_signTransaction', params: [{ ...legacy, gasPrice: 'cheap' }] }, 'ethereum', ethereum),
    )
    expect(refused).toMatchObject({ event: 'privy:wallets:rpc', error: { type: 'invalid_request_arguments', message: 'Invalid gasPrice' } })
  })

  it('on a new device: connect reports wallet_not_on_device, recover with the primary restores both wallets, and both sign again', async () => {
    const first = browser()
    const { ethereum, solana } = await walletsOf(first)
    const second = browser()
    const connect = await second.send('privy:wallets:connect', { accessToken, entropyId: ethereum, entropyIdVerifier: ethereumVerifier })
    expect(connect).toMatchObject({ event: 'privy:wallets:connect', error: { type: 'wallet_not_on_device' } })

    const recovered = await second.send('privy:wallets:recover', { accessToken, entropyId: ethereum, entropyIdVerifier: ethereumVerifier })
    expect(recovered).toMatchObject({ event: 'privy:wallets:recover', data: { entropyId: ethereum } })
    expect(await second.send('privy:wallets:connect', { accessToken, entropyId: ethereum, entropyIdVerifier: ethereumVerifier })).toMatchObject({
      data: { entropyId: ethereum },
    })

    const bytes = new TextEncoder().encode('after recovery')
    const signedSolana = await second.send('privy:wallets:rpc', rpc({ method: 'signMessage', params: { message: bytesToBase64(bytes) } }, 'solana', ethereum))
    expect(ed25519.verify(base64ToBytes(signedSolana.data.response.data.signature)!, bytes, decodeBase58(solana)!)).toBe(true)
    const message = toHex('after recovery')
    const signedEthereum = await second.send('privy:wallets:rpc', rpc({ method: 'personal_sign', params: [message, ethereum] }, 'ethereum', ethereum))
    expect(await verifyMessage({ address: ethereum, message: { raw: message }, signature: signedEthereum.data.response.data })).toBe(true)
  })

  it('answers a reference event it does not serve with an error under that event, and drops unknown privy: events', async () => {
    const page = browser()
    expect(await page.send('privy:user-signer:sign', { accessToken })).toMatchObject({ event: 'privy:user-signer:sign', error: { type: 'error' } })
    page.frame.deliver({ source: page.frame.parent, origin: parentOrigin, data: { id: 'x', event: 'privy:eval', data: {} } })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(page.frame.posted.some(({ message }) => (message as { id: string }).id === 'x')).toBe(false)
  })
})
