import { ed25519 } from '@noble/curves/ed25519'
import { bytesToHex, hexToBytes } from '@noble/hashes/utils'
import { keccak256, parseTransaction, recoverAddress, recoverTransactionAddress, verifyMessage, verifyTypedData, type Hex } from 'viem'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { decodeBase58, type FrameTransactionRequest, type RpcData } from '../../protocol/index.js'
import { seedOf } from '../../protocol/custody/entropy.js'
import { combineShares } from '../../protocol/custody/share-wrapper.js'
import { walletAddress } from '../../protocol/custody/wallet-address.js'
import { base64ToBytes } from '../encoding.js'
import { fakeShareServer } from '../test-support/fake-share-server.js'
import { memoryDeviceShareStore } from '../memory-device-store.js'
import type { FrameContext } from './context.js'
import { frameHandlers } from './index.js'

const appId = 'cm0000000000000000000appid'
const token = 'token-of-alice'
const eth = { entropyIdVerifier: 'ethereum-address-verifier' } as const
const sol = { entropyIdVerifier: 'solana-address-verifier' } as const

let server: ReturnType<typeof fakeShareServer>
let device: ReturnType<typeof memoryDeviceShareStore>
let handlers: ReturnType<typeof frameHandlers>

/** Another browser of the same user: same server, its own (empty) device storage. */
function newDevice() {
  const store = memoryDeviceShareStore()
  // A cheap password KDF: the shipped cost is tested in seal-password.test.ts.
  const context: FrameContext = { appId, api: server.api, deviceShares: store, passwordKdf: { n: 2 ** 10, r: 8, p: 1 } }
  return { store, handlers: frameHandlers(context) }
}

beforeEach(() => {
  server = fakeShareServer()
  server.signIn(token, 'alice')
  ;({ store: device, handlers } = newDevice())
})

/** What the test knows and the frame must keep to itself: the entropy behind a wallet, rebuilt from device and auth shares. */
async function entropyBehind(entropyId: string, store = device) {
  const deviceShare = (await store.get(appId, entropyId))!.share
  const authShare = base64ToBytes(server.shareSets.find((set) => set.entropyId === entropyId)!.authShare)!
  return combineShares(deviceShare, authShare)
}

describe('wallet:create and solana-wallet:create', () => {
  it('create an Ethereum wallet: the answered address is the share set’s index 0, stored as version 1 on both sides', async () => {
    const created = await handlers['wallet:create']!({ accessToken: token })
    expect(created.address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(created).toMatchObject({ entropyId: created.address, entropyIdVerifier: 'ethereum-address-verifier', user: { id: 'alice' } })
    expect((await device.get(appId, created.address))?.shareVersion).toBe(1)
    expect(server.shareSets[0]).toMatchObject({ entropyId: created.address, version: 1, recovery: { method: 'privy' } })
    expect(walletAddress('ethereum', await seedOf(await entropyBehind(created.address)), 0)).toBe(created.address)
  })

  it('create a Solana wallet on its own entropy', async () => {
    const ethereum = await handlers['wallet:create']!({ accessToken: token })
    const solana = await handlers['solana-wallet:create']!({ accessToken: token })
    expect(decodeBase58(solana.address)).toHaveLength(32)
    expect(solana).toMatchObject({ entropyId: solana.address, entropyIdVerifier: 'solana-address-verifier' })
    expect(bytesToHex(await entropyBehind(solana.address))).not.toBe(bytesToHex(await entropyBehind(ethereum.address)))
    expect(walletAddress('solana', await seedOf(await entropyBehind(solana.address)), 0)).toBe(solana.address)
  })

  it('answers only after the server stored the shares (docs/security.md #57)', async () => {
    let release!: () => void
    const stored = new Promise<void>((resolve) => (release = resolve))
    const create = server.api.create
    server.api.create = async (...args) => {
      await stored
      return create(...args)
    }
    let answered = false
    const creating = handlers['wallet:create']!({ accessToken: token }).then((result) => ((answered = true), result))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(answered).toBe(false)
    release()
    expect((await creating).address).toBe(server.wallets[0]!.address)
  })

  it('when the user already has a wallet (another tab won), discards its new shares and answers the existing wallet', async () => {
    const other = newDevice()
    const first = await other.handlers['wallet:create']!({ accessToken: token })
    const second = await handlers['wallet:create']!({ accessToken: token, idempotencyKey: 'same-key' })
    expect(second).toMatchObject({ address: first.address, entropyId: first.address })
    expect(device.records.size).toBe(0)
    expect(server.shareSets).toHaveLength(1)
  })

  it('removes its device share when the server refuses, and passes the server’s copy on', async () => {
    await expect(handlers['wallet:create']!({ accessToken: 'expired' })).rejects.toThrow('Invalid or missing access token')
    expect(device.records.size).toBe(0)
  })

  it('requires a password for password recovery and refuses unknown methods', async () => {
    await expect(handlers['wallet:create']!({ accessToken: token, recoveryMethod: 'user-passcode' })).rejects.toMatchObject({
      type: 'invalid_request_arguments',
      message: 'Missing recovery password',
    })
    await expect(handlers['wallet:create']!({ accessToken: token, recoveryMethod: 'icloud' as 'privy' })).rejects.toMatchObject({
      message: 'Unknown recovery method',
    })
    await expect(handlers['wallet:create']!({ accessToken: '' })).rejects.toMatchObject({ type: 'invalid_request_arguments', message: 'Missing access token' })
    expect(server.requests).toEqual([])
  })
})

describe('connect', () => {
  it('opens the share set with this device’s share, and reports a device without it as wallet_not_on_device', async () => {
    const { address } = await handlers['wallet:create']!({ accessToken: token })
    await expect(handlers.connect!({ accessToken: token, entropyId: address, ...eth })).resolves.toEqual({ entropyId: address })
    await expect(newDevice().handlers.connect!({ accessToken: token, entropyId: address, ...eth })).rejects.toMatchObject({ type: 'wallet_not_on_device' })
  })

  it('asks the server before reading any share: a bad token reads nothing (docs/security.md #41)', async () => {
    const { address } = await handlers['wallet:create']!({ accessToken: token })
    const read = vi.spyOn(device, 'get')
    await expect(handlers.connect!({ accessToken: 'token-of-mallory', entropyId: address, ...eth })).rejects.toThrow('Invalid or missing access token')
    server.signIn('token-of-mallory', 'mallory')
    await expect(handlers.connect!({ accessToken: 'token-of-mallory', entropyId: address, ...eth })).rejects.toThrow('Embedded wallet not found')
    expect(read).not.toHaveBeenCalled()
  })
})

describe('recover', () => {
  it('restores a wallet on a new device (automatic), retires the old auth share, and the old device must recover too (docs/security.md #46)', async () => {
    const { address } = await handlers['wallet:create']!({ accessToken: token })
    const entropy = await entropyBehind(address)
    const oldDeviceShare = (await device.get(appId, address))!.share
    const oldAuthShare = server.shareSets[0]!.authShare

    const other = newDevice()
    await expect(other.handlers.recover!({ accessToken: token, entropyId: address, ...eth })).resolves.toEqual({ entropyId: address })
    expect((await other.store.get(appId, address))?.shareVersion).toBe(2)
    expect(server.shareSets[0]).toMatchObject({ version: 2 })
    expect(server.shareSets[0]!.authShare).not.toBe(oldAuthShare)
    expect(bytesToHex(await entropyBehind(address, other.store))).toBe(bytesToHex(entropy))
    await expect(other.handlers.connect!({ accessToken: token, entropyId: address, ...eth })).resolves.toEqual({ entropyId: address })

    await expect(handlers.connect!({ accessToken: token, entropyId: address, ...eth })).rejects.toMatchObject({ type: 'wallet_not_on_device' })
    await expect(combineShares(oldDeviceShare, base64ToBytes(server.shareSets[0]!.authShare)!)).rejects.toThrow('different share versions')
  })

  it('a password wallet recovers only with its password (wrong → invalid_recovery_pin) and stays a password wallet', async () => {
    const { address } = await handlers['solana-wallet:create']!({ accessToken: token, recoveryMethod: 'user-passcode', recoveryPassword: 'hunter2-but-longer' })
    expect(server.shareSets[0]!.recovery).toMatchObject({ method: 'user-passcode', sealed: { kdf: { name: 'scrypt' } } })
    const other = newDevice()
    await expect(other.handlers.recover!({ accessToken: token, entropyId: address, ...sol })).rejects.toMatchObject({
      type: 'invalid_request_arguments',
      message: 'Missing recovery password',
    })
    await expect(other.handlers.recover!({ accessToken: token, entropyId: address, ...sol, recoveryPassword: 'wrong' })).rejects.toMatchObject({
      type: 'invalid_recovery_pin',
      message: 'Invalid recovery password, please try again.',
    })
    expect(server.shareSets[0]!.version).toBe(1)
    await expect(other.handlers.recover!({ accessToken: token, entropyId: address, ...sol, recoveryPassword: 'hunter2-but-longer' })).resolves.toEqual({
      entropyId: address,
    })
    expect(server.shareSets[0]!.recovery.method).toBe('user-passcode')
    await expect(newDevice().handlers.recover!({ accessToken: token, entropyId: address, ...sol, recoveryPassword: 'hunter2-but-longer' })).resolves.toEqual({
      entropyId: address,
    })
  })

  it('refuses key material that does not rebuild the wallet', async () => {
    const { address } = await handlers['wallet:create']!({ accessToken: token })
    const set = server.shareSets[0]!
    if (set.recovery.method !== 'privy') throw new Error('expected automatic recovery')
    const forged = base64ToBytes(set.recovery.share)!
    forged[30] = forged[30]! ^ 0xff
    set.recovery = { method: 'privy', share: btoa(String.fromCharCode(...forged)) }
    await expect(newDevice().handlers.recover!({ accessToken: token, entropyId: address, ...eth })).rejects.toThrow('does not derive this wallet')
    expect(set.version).toBe(1)
  })
})

describe('set-recovery', () => {
  it('moves a wallet from automatic to password recovery and back, each by a reshare', async () => {
    const { address } = await handlers['wallet:create']!({ accessToken: token })
    const toPassword = await handlers['set-recovery']!({
      accessToken: token,
      entropyId: address,
      ...eth,
      recoveryMethod: 'user-passcode',
      recoveryPassword: 'a-new-password',
      existingRecoveryMethod: 'privy',
    })
    expect(toPassword.entropyId).toBe(address)
    expect(server.shareSets[0]).toMatchObject({ version: 2, recovery: { method: 'user-passcode' } })
    await expect(handlers.connect!({ accessToken: token, entropyId: address, ...eth })).resolves.toEqual({ entropyId: address })
    await expect(newDevice().handlers.recover!({ accessToken: token, entropyId: address, ...eth, recoveryPassword: 'a-new-password' })).resolves.toEqual({
      entropyId: address,
    })

    await expect(
      handlers['set-recovery']!({ accessToken: token, entropyId: address, ...eth, recoveryMethod: 'privy', existingRecoveryMethod: 'user-passcode' }),
    ).rejects.toMatchObject({ type: 'wallet_not_on_device' })
    const recovered = newDevice()
    await recovered.handlers.recover!({ accessToken: token, entropyId: address, ...eth, recoveryPassword: 'a-new-password' })
    await recovered.handlers['set-recovery']!({
      accessToken: token,
      entropyId: address,
      ...eth,
      recoveryMethod: 'privy',
      existingRecoveryMethod: 'user-passcode',
    })
    expect(server.shareSets[0]!.recovery.method).toBe('privy')
  })
})

describe('wallets:add', () => {
  it('derives the next HD wallet of the share set and registers it', async () => {
    const { address } = await handlers['wallet:create']!({ accessToken: token })
    const added = await handlers['wallets:add']!({ accessToken: token, entropyId: address, ...eth, chainType: 'ethereum', hdWalletIndex: 1 })
    expect(added.address).toBe(walletAddress('ethereum', await seedOf(await entropyBehind(address)), 1))
    expect(added.user.linked_accounts).toHaveLength(2)
    // Another wallet of the set is not the set's id: the frame would look up the wrong device share.
    await expect(handlers.connect!({ accessToken: token, entropyId: added.address, ...eth })).rejects.toMatchObject({
      type: 'invalid_request_arguments',
      message: 'Invalid entropyId',
    })
  })

  it('refuses index 0, another chain’s path and an index the server does not expect', async () => {
    const { address } = await handlers['solana-wallet:create']!({ accessToken: token })
    await expect(handlers['wallets:add']!({ accessToken: token, entropyId: address, ...sol, chainType: 'solana', hdWalletIndex: 0 })).rejects.toMatchObject({
      type: 'invalid_request_arguments',
      message: 'Invalid hdWalletIndex',
    })
    await expect(handlers['wallets:add']!({ accessToken: token, entropyId: address, ...sol, chainType: 'ethereum', hdWalletIndex: 1 })).rejects.toMatchObject({
      type: 'invalid_request_arguments',
    })
    await expect(handlers['wallets:add']!({ accessToken: token, entropyId: address, ...sol, chainType: 'solana', hdWalletIndex: 3 })).rejects.toThrow(
      'The next wallet index is 1',
    )
  })
})

describe('rpc', () => {
  const rpc = (entropyId: string, request: RpcData['request'], hdWalletIndex = 0): RpcData =>
    ({ accessToken: token, entropyId, ...eth, chainType: 'ethereum', hdWalletIndex, request }) as RpcData

  it('personal_sign and eth_signTypedData_v4 sign as the wallet', async () => {
    const { address } = await handlers['wallet:create']!({ accessToken: token })
    const message = '0x48656c6c6f20546573736572610a' as const
    const signed = await handlers.rpc!(rpc(address, { method: 'personal_sign', params: [message, address.toLowerCase()] }))
    expect(signed.method).toBe('personal_sign')
    expect(await verifyMessage({ address: address as Hex, message: { raw: message }, signature: signed.data as Hex })).toBe(true)

    const typedData = {
      domain: { name: 'Tessera', version: '1', chainId: 31337, verifyingContract: '0x0000000000000000000000000000000000000001' },
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
          { name: 'verifyingContract', type: 'address' },
        ],
        Mail: [{ name: 'contents', type: 'string' }],
      },
      primaryType: 'Mail',
      message: { contents: 'Hello' },
    } as const
    const typed = await handlers.rpc!(rpc(address, { method: 'eth_signTypedData_v4', params: [address, JSON.stringify(typedData)] }))
    expect(await verifyTypedData({ address: address as Hex, ...typedData, signature: typed.data as Hex } as Parameters<typeof verifyTypedData>[0])).toBe(true)
  })

  it('refuses to sign for an address that is not this wallet, and unknown methods', async () => {
    const { address } = await handlers['wallet:create']!({ accessToken: token })
    await expect(
      handlers.rpc!(rpc(address, { method: 'personal_sign', params: ['0x01', '0x0000000000000000000000000000000000000001'] })),
    ).rejects.toMatchObject({ type: 'invalid_request_arguments' })
    await expect(handlers.rpc!(rpc(address, { method: 'eth_sign', params: [] } as unknown as RpcData['request']))).rejects.toMatchObject({
      type: 'invalid_request_arguments',
      message: 'Unsupported method eth_sign',
    })
  })

  it.each([
    { type: 'legacy', gasPrice: '0x3b9aca00' },
    { type: 'eip2930', gasPrice: '0x3b9aca00', accessList: [{ address: '0x0000000000000000000000000000000000000002', storageKeys: [] }] },
    { type: 'eip1559', maxFeePerGas: '0x77359400', maxPriorityFeePerGas: '0x3b9aca00' },
  ] as const)('eth_signTransaction signs a $type transaction from the wallet at its HD index', async (fees) => {
    const { address } = await handlers['wallet:create']!({ accessToken: token })
    const second = await handlers['wallets:add']!({ accessToken: token, entropyId: address, ...eth, chainType: 'ethereum', hdWalletIndex: 1 })
    const transaction = {
      chainId: 31337,
      nonce: 3,
      to: '0x0000000000000000000000000000000000000003',
      value: '0xde0b6b3a7640000',
      data: '0x',
      gas: '0x5208',
      ...fees,
    } as FrameTransactionRequest
    const signed = await handlers.rpc!(rpc(address, { method: 'eth_signTransaction', params: [transaction] }, 1))
    const raw = signed.data as `0x02${string}`
    expect(parseTransaction(raw)).toMatchObject({ type: fees.type, chainId: 31337, nonce: 3, value: 10n ** 18n, gas: 21000n })
    expect(await recoverTransactionAddress({ serializedTransaction: raw })).toBe(second.address)
  })

  it('refuses incomplete or unsupported transactions', async () => {
    const { address } = await handlers['wallet:create']!({ accessToken: token })
    const base = { chainId: 1, nonce: 0, gas: '0x5208' }
    await expect(
      handlers.rpc!(rpc(address, { method: 'eth_signTransaction', params: [{ ...base, type: 'eip1559' } as FrameTransactionRequest] })),
    ).rejects.toMatchObject({ type: 'invalid_request_arguments', message: 'Invalid maxFeePerGas' })
    await expect(
      handlers.rpc!(
        rpc(address, { method: 'eth_signTransaction', params: [{ ...base, type: 'eip4844', gasPrice: '0x1' } as unknown as FrameTransactionRequest] }),
      ),
    ).rejects.toMatchObject({ message: 'Unsupported transaction type' })
  })

  it('secp256k1_sign signs a raw hash', async () => {
    const { address } = await handlers['wallet:create']!({ accessToken: token })
    const hash = keccak256('0x1234')
    const signed = await handlers.rpc!(rpc(address, { method: 'secp256k1_sign', params: [hash] }))
    expect(await recoverAddress({ hash, signature: signed.data as Hex })).toBe(address)
  })

  it('Solana signMessage gives an ed25519 signature of the wallet’s key over the bytes', async () => {
    const { address } = await handlers['solana-wallet:create']!({ accessToken: token })
    const message = new TextEncoder().encode('transaction message bytes')
    const signed = await handlers.rpc!({
      accessToken: token,
      entropyId: address,
      ...sol,
      chainType: 'solana',
      hdWalletIndex: 0,
      request: { method: 'signMessage', params: { message: btoa(String.fromCharCode(...message)), encoding: 'base64' } },
    })
    const { signature } = signed.data as { signature: string }
    expect(ed25519.verify(base64ToBytes(signature)!, message, decodeBase58(address)!)).toBe(true)
    await expect(
      handlers.rpc!({
        accessToken: token,
        entropyId: address,
        ...sol,
        chainType: 'solana',
        hdWalletIndex: 0,
        request: { method: 'signMessage', params: { message: '', encoding: 'base64' } },
      }),
    ).rejects.toMatchObject({ message: 'Invalid message' })
  })

  it('refuses a sponsored send for an on-device wallet before opening any share (only server-managed wallets are sponsored)', async () => {
    const { address } = await handlers['solana-wallet:create']!({ accessToken: token })
    const ethereum = await handlers['wallet:create']!({ accessToken: token })
    const asked = server.requests.length
    const refusal = { type: 'invalid_request_arguments', message: 'Gas sponsorship is only available for server-managed wallets' }
    const transaction = btoa('an unsigned wire transaction')
    await expect(
      handlers.rpc!({
        accessToken: token,
        entropyId: address,
        ...sol,
        chainType: 'solana',
        hdWalletIndex: 0,
        request: { method: 'signAndSendTransaction', params: { transaction, encoding: 'base64' }, caip2: 'solana:devnet', sponsor: true },
      }),
    ).rejects.toMatchObject(refusal)
    const call = {
      type: 'eip1559',
      chainId: 31337,
      nonce: 0,
      to: ethereum.address,
      gas: '0x5208',
      maxFeePerGas: '0x1',
      maxPriorityFeePerGas: '0x1',
    } as FrameTransactionRequest
    await expect(handlers.rpc!(rpc(ethereum.address, { method: 'eth_sendTransaction', params: [call], sponsor: true }))).rejects.toMatchObject(refusal)
    expect(server.requests.length).toBe(asked)
  })

  it('signs nothing once the session is gone (no key cache outlives the token)', async () => {
    const { address } = await handlers['wallet:create']!({ accessToken: token })
    server.signOut(token)
    await expect(handlers.rpc!(rpc(address, { method: 'secp256k1_sign', params: [keccak256('0x')] }))).rejects.toThrow('Invalid or missing access token')
  })
})

describe('one operation at a time per share set', () => {
  it('a signature asked during a recovery waits for it and uses the new shares', async () => {
    const { address } = await handlers['wallet:create']!({ accessToken: token })
    await device.delete(appId, address)
    const [recovered, signed] = await Promise.all([
      handlers.recover!({ accessToken: token, entropyId: address, ...eth }),
      handlers.rpc!({
        accessToken: token,
        entropyId: address,
        ...eth,
        chainType: 'ethereum',
        hdWalletIndex: 0,
        request: { method: 'secp256k1_sign', params: [keccak256('0x')] },
      }),
    ])
    expect(recovered.entropyId).toBe(address)
    expect(await recoverAddress({ hash: keccak256('0x'), signature: signed.data as Hex })).toBe(address)
    expect(hexToBytes(address.slice(2))).toHaveLength(20)
  })
})
