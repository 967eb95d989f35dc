import { createPublicKey, verify } from 'node:crypto'
import { ed25519 } from '@noble/curves/ed25519'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { recoverTransactionAddress, verifyMessage, type Hex } from 'viem'
import { beforeEach, describe, expect, it } from 'vitest'
import { decodeBase58, encodeBase58, type FrameRequestData, type FrameResponseData, type RpcData } from '../../protocol/index.js'
import { base64ToBytes, bytesToBase64, utf8 } from '../encoding.js'
import { FrameError } from '../errors.js'
import type { FrameContext } from '../handlers/context.js'
import { frameHandlers } from '../handlers/index.js'
import { memoryDeviceShareStore } from '../memory-device-store.js'
import type { fakeShareServer } from '../test-support/fake-share-server.js'
import type { fakeWalletApi } from '../test-support/fake-wallet-api.js'
import { signedInFakes } from '../test-support/signed-in-fakes.js'
import { serverWalletContext } from './authorized-rpc.js'
import { memoryUserSignerKeyStore, userSigner, type UserSignerKeyStore } from './user-signer.js'

const appId = 'cm0000000000000000000appid'
const token = 'token-of-alice'
const eth = { entropyIdVerifier: 'ethereum-address-verifier' } as const
const sol = { entropyIdVerifier: 'solana-address-verifier' } as const

let walletApi: ReturnType<typeof fakeWalletApi>
let shares: ReturnType<typeof fakeShareServer>
let device: ReturnType<typeof memoryDeviceShareStore>
let keyStore: UserSignerKeyStore
let handlers: ReturnType<typeof frameHandlers>

function frame(serverWalletsOnly = true) {
  const context: FrameContext = {
    appId,
    // Share calls go to the share server (recorded); the signed-in user comes from the wallet API's wallets.
    api: { ...shares.api, user: async (accessToken) => walletApi.user(accessToken) },
    deviceShares: device,
    serverWallets: serverWalletContext(walletApi.api, userSigner(appId, keyStore)),
    serverWalletsOnly,
  }
  return frameHandlers(context)
}

beforeEach(() => {
  ;({ walletApi, shares } = signedInFakes(appId, token))
  device = memoryDeviceShareStore()
  keyStore = memoryUserSignerKeyStore()
  handlers = frame()
})

const call = <E extends keyof FrameRequestData>(event: E, data: Omit<FrameRequestData[E], 'accessToken'>, accessToken = token) =>
  (handlers[event] as (data: FrameRequestData[E]) => Promise<FrameResponseData[E]>)({ ...data, accessToken } as FrameRequestData[E])

async function created(chainType: 'ethereum' | 'solana') {
  const result = await call(chainType === 'ethereum' ? 'wallet:create' : 'solana-wallet:create', {})
  const wallet = walletApi.user(token).linked_accounts.find((account) => account.type === 'wallet' && account.address === result.address) as {
    id: string
    address: string
  }
  return { ...result, walletId: wallet.id }
}

const rpc = (data: Omit<RpcData, 'accessToken'>, accessToken = token) => call('rpc', data as Omit<FrameRequestData['rpc'], 'accessToken'>, accessToken)

/** Nothing of a server-managed wallet may touch the share server or this device's share store. */
function expectNoShares() {
  expect(shares.requests).toEqual([])
  expect(device.records.size).toBe(0)
}

describe('server-managed wallets in the frame', () => {
  it('creates both chains through the wallet API in server mode: no entropy, no share anywhere', async () => {
    const ethereum = await created('ethereum')
    const solana = await created('solana')
    expect(ethereum).toMatchObject({ entropyId: ethereum.address, entropyIdVerifier: 'ethereum-address-verifier' })
    expect(solana).toMatchObject({ entropyId: solana.address, entropyIdVerifier: 'solana-address-verifier' })
    expect(solana.user.linked_accounts).toHaveLength(2)
    expect(walletApi.calls.map((entry) => [entry.endpoint, entry.body])).toEqual([
      ['create', { chain_type: 'ethereum' }],
      ['create', { chain_type: 'solana' }],
    ])
    expectNoShares()
  })

  it('refuses custom recovery for server-managed wallets', async () => {
    await expect(call('wallet:create', { recoveryMethod: 'user-passcode', recoveryPassword: 'hunter22' })).rejects.toMatchObject({
      message: 'User-controlled server wallets do not support custom recovery methods',
    })
    expect(walletApi.calls).toEqual([])
  })

  it('adds a wallet through the wallet API at the asked index: its own key and address, which signs; no share anywhere', async () => {
    const primary = await created('ethereum')
    const added = await call('wallets:add', { entropyId: primary.address, ...eth, chainType: 'ethereum', hdWalletIndex: 1 })
    expect(added).toMatchObject({ entropyId: added.address, entropyIdVerifier: 'ethereum-address-verifier' })
    expect(added.address).not.toBe(primary.address)
    expect(walletApi.calls.filter((entry) => entry.endpoint === 'create').map((entry) => entry.body)).toEqual([
      { chain_type: 'ethereum' },
      { chain_type: 'ethereum', wallet_index: 1 },
    ])
    const account = added.user.linked_accounts.find((candidate) => candidate.type === 'wallet' && candidate.address === added.address) as {
      id: string
      wallet_index: number
    }
    expect(account.wallet_index).toBe(1)
    const signed = await rpc({
      entropyId: added.address,
      ...eth,
      chainType: 'ethereum',
      hdWalletIndex: 1,
      walletId: account.id,
      request: { method: 'personal_sign', params: ['0x68656c6c6f', added.address] },
    })
    expect(await verifyMessage({ address: added.address as Hex, message: { raw: '0x68656c6c6f' }, signature: signed.data as Hex })).toBe(true)
    await expect(call('wallets:add', { entropyId: primary.address, ...eth, chainType: 'ethereum', hdWalletIndex: 0 })).rejects.toMatchObject({
      message: 'Invalid hdWalletIndex',
    })
    expectNoShares()
  })

  it('signs personal_sign through /rpc with an authorization signature the server verifies, and registers the user signer once per session', async () => {
    const { address, walletId } = await created('ethereum')
    const first = await rpc({
      entropyId: address,
      ...eth,
      chainType: 'ethereum',
      hdWalletIndex: 0,
      walletId,
      request: { method: 'personal_sign', params: ['0x68656c6c6f', address] },
    })
    expect(first.method).toBe('personal_sign')
    expect(await verifyMessage({ address: address as Hex, message: { raw: '0x68656c6c6f' }, signature: first.data as Hex })).toBe(true)
    const second = await rpc({
      entropyId: address,
      ...eth,
      chainType: 'ethereum',
      hdWalletIndex: 0,
      walletId,
      request: { method: 'personal_sign', params: ['hello' as Hex, address] },
    })
    expect(await verifyMessage({ address: address as Hex, message: 'hello', signature: second.data as Hex })).toBe(true)

    const rpcCalls = walletApi.calls.filter((entry) => entry.endpoint === 'rpc')
    expect(rpcCalls.map((entry) => entry.body)).toEqual([
      { chain_type: 'ethereum', method: 'personal_sign', params: { message: '0x68656c6c6f', encoding: 'hex' } },
      { chain_type: 'ethereum', method: 'personal_sign', params: { message: 'hello', encoding: 'utf-8' } },
    ])
    expect(walletApi.calls.filter((entry) => entry.endpoint === 'registerUserSigner')).toHaveLength(1)
    expectNoShares()

    // A new sign-in (a new token) registers the same key for its session.
    walletApi.signIn('token-2', 'alice')
    await rpc(
      {
        entropyId: address,
        ...eth,
        chainType: 'ethereum',
        hdWalletIndex: 0,
        walletId,
        request: { method: 'secp256k1_sign', params: [`0x${'11'.repeat(32)}`] },
      },
      'token-2',
    )
    const registrations = walletApi.calls.filter((entry) => entry.endpoint === 'registerUserSigner')
    expect(registrations.map((entry) => entry.accessToken)).toEqual([token, 'token-2'])
    expect((registrations[1]!.body as { public_key: string }).public_key).toBe((registrations[0]!.body as { public_key: string }).public_key)
  })

  it('signs an Ethereum transaction for the host to broadcast, as an on-device wallet does', async () => {
    const { address, walletId } = await created('ethereum')
    const transaction = {
      type: 'eip1559',
      chainId: 31337,
      nonce: 0,
      to: privateKeyToAccount(generatePrivateKey()).address,
      value: '0x2386f26fc10000',
      gas: '0x5208',
      maxFeePerGas: '0x3b9aca00',
      maxPriorityFeePerGas: '0x1',
    } as const
    const { data } = await rpc({
      entropyId: address,
      ...eth,
      chainType: 'ethereum',
      hdWalletIndex: 0,
      walletId,
      request: { method: 'eth_signTransaction', params: [transaction] },
    })
    expect(await recoverTransactionAddress({ serializedTransaction: data as `0x02${string}` })).toBe(address)
    expect(walletApi.calls.find((entry) => entry.endpoint === 'rpc')?.body).toMatchObject({
      params: { transaction: { chain_id: 31337, nonce: 0, type: 2, gas_limit: '0x5208', max_fee_per_gas: '0x3b9aca00' } },
    })
  })

  it('sends a sponsored Ethereum transaction through /rpc with sponsor and caip2, answering the hash the server gives', async () => {
    const { address, walletId } = await created('ethereum')
    const to = privateKeyToAccount(generatePrivateKey()).address
    const transaction = {
      type: 'eip1559',
      chainId: 31337,
      nonce: 4,
      to,
      value: '0x0',
      data: '0xa9059cbb',
      gas: '0x5208',
      maxFeePerGas: '0x3b9aca00',
      maxPriorityFeePerGas: '0x1',
    } as const
    const { method, data } = await rpc({
      entropyId: address,
      ...eth,
      chainType: 'ethereum',
      hdWalletIndex: 0,
      walletId,
      request: { method: 'eth_sendTransaction', params: [transaction], sponsor: true },
    })
    const sent = walletApi.calls.find((entry) => entry.endpoint === 'rpc')!
    // Only the call goes: the user operation's nonce, gas and fees are the server's (the paymaster pays them).
    expect(sent.body).toEqual({
      chain_type: 'ethereum',
      method: 'eth_sendTransaction',
      caip2: 'eip155:31337',
      sponsor: true,
      params: { transaction: { chain_id: 31337, to, value: '0x0', data: '0xa9059cbb' } },
    })
    expect(method).toBe('eth_sendTransaction')
    expect(data).toBe(walletApi.sponsoredHashes[0])
    expectNoShares()
  })

  it('refuses an unsponsored eth_sendTransaction (the host broadcasts what the frame signs), and passes a policy refusal on as policy_violation', async () => {
    const { address, walletId } = await created('ethereum')
    const transaction = {
      type: 'eip1559',
      chainId: 31337,
      nonce: 0,
      to: address as `0x${string}`,
      gas: '0x5208',
      maxFeePerGas: '0x1',
      maxPriorityFeePerGas: '0x1',
    } as const
    const request = { entropyId: address, ...eth, chainType: 'ethereum' as const, hdWalletIndex: 0, walletId }
    await expect(rpc({ ...request, request: { method: 'eth_sendTransaction', params: [transaction] } as never })).rejects.toMatchObject({
      type: 'invalid_request_arguments',
    })
    walletApi.sponsorship.refusal = new FrameError('policy_violation', 'Contract not allowed by the sponsorship policy')
    await expect(rpc({ ...request, request: { method: 'eth_sendTransaction', params: [transaction], sponsor: true } })).rejects.toMatchObject({
      type: 'policy_violation',
      message: 'Contract not allowed by the sponsorship policy',
    })
  })

  it('signs Solana message bytes (a transaction message) through /rpc', async () => {
    const { address, walletId } = await created('solana')
    const message = bytesToBase64(utf8('a Solana transaction message'))
    const { data } = await rpc({
      entropyId: address,
      ...sol,
      chainType: 'solana',
      hdWalletIndex: 0,
      walletId,
      request: { method: 'signMessage', params: { message, encoding: 'base64' } },
    })
    const { signature } = data as { signature: string }
    expect(ed25519.verify(base64ToBytes(signature)!, base64ToBytes(message)!, decodeBase58(address)!)).toBe(true)
    expectNoShares()
  })

  it('sends a sponsored Solana transaction through /rpc with sponsor and caip2, answering the base58 signature the server gives', async () => {
    const { address, walletId } = await created('solana')
    const transaction = bytesToBase64(utf8('an unsigned Solana wire transaction'))
    const request = { method: 'signAndSendTransaction', params: { transaction, encoding: 'base64' }, caip2: 'solana:devnet', sponsor: true } as const
    const answer = await rpc({ entropyId: address, ...sol, chainType: 'solana', hdWalletIndex: 0, walletId, request })
    const sent = walletApi.calls.find((entry) => entry.endpoint === 'rpc')!
    expect(sent.body).toEqual({
      chain_type: 'solana',
      method: 'signAndSendTransaction',
      caip2: 'solana:devnet',
      sponsor: true,
      params: { transaction, encoding: 'base64' },
    })
    expect(answer).toEqual({ method: 'signAndSendTransaction', data: { signature: walletApi.sponsoredSignatures[0] } })
    expectNoShares()

    walletApi.sponsorship.refusal = new FrameError('policy_violation', 'Solana sponsorship is not enabled for this cluster')
    await expect(rpc({ entropyId: address, ...sol, chainType: 'solana', hdWalletIndex: 0, walletId, request })).rejects.toMatchObject({
      type: 'policy_violation',
      message: 'Solana sponsorship is not enabled for this cluster',
    })
    // Refused before the wallet API is asked: an unsponsored send, a cluster the wallet API does not know.
    const calls = walletApi.calls.length
    await expect(
      rpc({ entropyId: address, ...sol, chainType: 'solana', hdWalletIndex: 0, walletId, request: { ...request, sponsor: undefined } as never }),
    ).rejects.toMatchObject({ type: 'invalid_request_arguments', message: 'Unsupported method signAndSendTransaction' })
    await expect(
      rpc({ entropyId: address, ...sol, chainType: 'solana', hdWalletIndex: 0, walletId, request: { ...request, caip2: 'solana:localnet' } as never }),
    ).rejects.toMatchObject({ type: 'invalid_request_arguments', message: 'Invalid caip2' })
    expect(walletApi.calls.length).toBe(calls)
  })

  it('registers the signer again, once, when the server no longer knows it', async () => {
    const { address, walletId } = await created('ethereum')
    const request = {
      entropyId: address,
      ...eth,
      chainType: 'ethereum' as const,
      hdWalletIndex: 0,
      walletId,
      request: { method: 'secp256k1_sign' as const, params: [`0x${'22'.repeat(32)}`] as [`0x${string}`] },
    }
    await rpc(request)
    walletApi.signers.delete(token)
    await expect(rpc(request)).resolves.toMatchObject({ method: 'secp256k1_sign' })
    expect(walletApi.calls.filter((entry) => entry.endpoint === 'registerUserSigner')).toHaveLength(2)
  })

  it('keeps the user signer non-extractable: the stored key signs but never exports', async () => {
    await created('ethereum').then(({ address, walletId }) =>
      rpc({
        entropyId: address,
        ...eth,
        chainType: 'ethereum',
        hdWalletIndex: 0,
        walletId,
        request: { method: 'personal_sign', params: ['hi' as Hex, address] },
      }),
    )
    const keys = await keyStore.get(appId)
    expect(keys?.privateKey.extractable).toBe(false)
    await expect(crypto.subtle.exportKey('pkcs8', keys!.privateKey)).rejects.toThrow()
    // A fresh frame on this origin finds the same key: no new registration key.
    const before = walletApi.calls.filter((entry) => entry.endpoint === 'registerUserSigner').map((entry) => entry.body)
    expect(await userSigner(appId, keyStore).publicKey()).toBe((before[0] as { public_key: string }).public_key)
  })

  it('answers user-signer:sign with a signature the registered key verifies (the reference client sends the request itself)', async () => {
    const message = bytesToBase64(utf8('{"version":1}'))
    const { signature } = await call('user-signer:sign', { message })
    const publicKey = walletApi.signers.get(token)!
    expect(
      verify(
        'sha256',
        Buffer.from('{"version":1}'),
        createPublicKey({ key: Buffer.from(publicKey, 'base64'), format: 'der', type: 'spki' }),
        Buffer.from(signature, 'base64'),
      ),
    ).toBe(true)
    await expect(call('user-signer:sign', { message: 'not base64!' })).rejects.toMatchObject({ type: 'invalid_request_arguments' })
  })

  it('connects and recovers a server-managed wallet without any share call', async () => {
    const { address } = await created('solana')
    await expect(call('connect', { entropyId: address, ...sol })).resolves.toEqual({ entropyId: address })
    await expect(call('recover', { entropyId: address, ...sol })).resolves.toEqual({ entropyId: address })
    expect(shares.requests.filter((request) => request.endpoint === 'keyMaterial')).toEqual([])
    expect(device.records.size).toBe(0)
  })

  it('imports a key as a server-managed wallet in server mode (tee): the key goes to the wallet API only', async () => {
    const key = generatePrivateKey()
    const result = await call('import', { privateKey: key.slice(2), chainType: 'ethereum', mode: 'tee' })
    expect(result.address).toBe(privateKeyToAccount(key).address)
    expect(walletApi.calls.find((entry) => entry.endpoint === 'import')?.body).toEqual({ chain_type: 'ethereum', private_key: key })
    const seed = ed25519.utils.randomPrivateKey()
    const solanaKey = encodeBase58(new Uint8Array([...seed, ...ed25519.getPublicKey(seed)]))
    await call('import', { privateKey: solanaKey, chainType: 'solana', mode: 'tee' })
    expect(walletApi.calls.at(-1)?.body).toEqual({ chain_type: 'solana', private_key: encodeBase58(seed) })
    expectNoShares()
  })

  it('registers again when the session holds another key (its signature no longer verifies), and passes other refusals on with their copy', async () => {
    const { address, walletId } = await created('ethereum')
    const request = {
      entropyId: address,
      ...eth,
      chainType: 'ethereum' as const,
      hdWalletIndex: 0,
      walletId,
      request: { method: 'secp256k1_sign' as const, params: [`0x${'33'.repeat(32)}`] as [`0x${string}`] },
    }
    await rpc(request)
    walletApi.signers.set(token, await userSigner('other-app', memoryUserSignerKeyStore()).publicKey())
    await expect(rpc(request)).resolves.toMatchObject({ method: 'secp256k1_sign' })
    expect(walletApi.signers.get(token)).toBe(await userSigner(appId, keyStore).publicKey())
    await expect(rpc({ ...request, walletId: 'wallet-of-someone-else' })).rejects.toMatchObject({ type: 'error', message: 'Wallet not found' })
    expect(walletApi.calls.filter((entry) => entry.endpoint === 'registerUserSigner')).toHaveLength(2)
  })

  it('keeps on-device creation when the app is not in server mode', async () => {
    handlers = frame(false)
    const { address } = await call('wallet:create', {})
    expect(walletApi.calls).toEqual([])
    expect(device.records.size).toBe(1)
    expect(shares.requests.map((request) => request.endpoint)).toContain('create')
    expect(address).toMatch(/^0x/)
  })
})
