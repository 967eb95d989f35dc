import { ed25519 } from '@noble/curves/ed25519'
import { bytesToHex } from '@noble/hashes/utils'
import { verifyMessage, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { beforeEach, describe, expect, it } from 'vitest'
import { encodeBase58 } from '../../protocol/index.js'
import { combineShares } from '../../protocol/custody/share-wrapper.js'
import { base64ToBytes } from '../encoding.js'
import { memoryDeviceShareStore } from '../memory-device-store.js'
import { fakeShareServer } from '../test-support/fake-share-server.js'
import type { FrameContext } from './context.js'
import { frameHandlers } from './index.js'

const appId = 'cm0000000000000000000appid'
const token = 'token-of-alice'
const eth = { entropyIdVerifier: 'ethereum-address-verifier' } as const
const sol = { entropyIdVerifier: 'solana-address-verifier' } as const

let server: ReturnType<typeof fakeShareServer>
const newDevice = () => {
  const store = memoryDeviceShareStore()
  const context: FrameContext = { appId, api: server.api, deviceShares: store }
  return { store, handlers: frameHandlers(context) }
}
let device: ReturnType<typeof newDevice>

beforeEach(() => {
  server = fakeShareServer()
  server.signIn(token, 'alice')
  device = newDevice()
})

describe('import', () => {
  it('an Ethereum key becomes its own share set at its address, stored on both sides, marked imported', async () => {
    await device.handlers['wallet:create']!({ accessToken: token })
    const key = generatePrivateKey()
    const imported = await device.handlers.import!({ accessToken: token, privateKey: key, chainType: 'ethereum', mode: 'on-device' })
    const address = privateKeyToAddress(key)
    expect(imported).toMatchObject({ address, entropyId: address, entropyIdVerifier: 'ethereum-address-verifier' })
    expect(imported.user.linked_accounts).toContainEqual(expect.objectContaining({ address, imported: true, wallet_index: 0 }))
    expect(server.requests.at(-1)?.body).toMatchObject({ address, entropy_id: address, imported: true, share_version: 1, recovery: { method: 'privy' } })
    const deviceShare = (await device.store.get(appId, address))!.share
    const rebuilt = await combineShares(deviceShare, base64ToBytes(server.shareSets.at(-1)!.authShare)!)
    expect(bytesToHex(rebuilt)).toBe(key.slice(2))
    // What left the frame: shares and the address, never the key.
    expect(JSON.stringify(server.requests)).not.toContain(key.slice(2))
  })

  it('signs with the imported key, refuses HD siblings, and recovers on a new device', async () => {
    const key = generatePrivateKey()
    const { address } = await device.handlers.import!({ accessToken: token, privateKey: key, chainType: 'ethereum', mode: 'on-device' })
    const message = '0x6869' as const
    const signed = await device.handlers.rpc!({
      accessToken: token,
      entropyId: address,
      ...eth,
      chainType: 'ethereum',
      hdWalletIndex: 0,
      request: { method: 'personal_sign', params: [message, address] },
    })
    expect(await verifyMessage({ address: address as Hex, message: { raw: message }, signature: signed.data as Hex })).toBe(true)
    await expect(
      device.handlers['wallets:add']!({ accessToken: token, entropyId: address, ...eth, chainType: 'ethereum', hdWalletIndex: 1 }),
    ).rejects.toMatchObject({ type: 'invalid_request_arguments' })

    const other = newDevice()
    await expect(other.handlers.connect!({ accessToken: token, entropyId: address, ...eth })).rejects.toMatchObject({ type: 'wallet_not_on_device' })
    await other.handlers.recover!({ accessToken: token, entropyId: address, ...eth })
    const again = await other.handlers.rpc!({
      accessToken: token,
      entropyId: address,
      ...eth,
      chainType: 'ethereum',
      hdWalletIndex: 0,
      request: { method: 'personal_sign', params: [message, address] },
    })
    expect(again.data).toBe(signed.data)
  })

  it('with a password, the imported key is sealed for password recovery: a new device needs that password', async () => {
    const key = generatePrivateKey()
    const { address } = await device.handlers.import!({
      accessToken: token,
      privateKey: key,
      chainType: 'ethereum',
      mode: 'on-device',
      recoveryPassword: 'correct horse battery',
    })
    expect(server.requests.at(-1)?.body).toMatchObject({ address, imported: true, recovery: { method: 'user-passcode' } })
    expect(JSON.stringify(server.requests)).not.toContain('correct horse battery')
    const other = newDevice()
    await expect(other.handlers.recover!({ accessToken: token, entropyId: address, ...eth, recoveryPassword: 'wrong password' })).rejects.toMatchObject({
      type: 'invalid_recovery_pin',
    })
    await other.handlers.recover!({ accessToken: token, entropyId: address, ...eth, recoveryPassword: 'correct horse battery' })
    const signed = await other.handlers.rpc!({
      accessToken: token,
      entropyId: address,
      ...eth,
      chainType: 'ethereum',
      hdWalletIndex: 0,
      request: { method: 'personal_sign', params: ['0x6869', address] },
    })
    expect(await verifyMessage({ address: address as Hex, message: { raw: '0x6869' }, signature: signed.data as Hex })).toBe(true)
    await expect(
      device.handlers.import!({
        accessToken: token,
        privateKey: generatePrivateKey(),
        chainType: 'ethereum',
        mode: 'on-device',
        recoveryPassword: 42 as unknown as string,
      }),
    ).rejects.toMatchObject({ type: 'invalid_request_arguments' })
  }, 60_000)

  it('a Solana secret key imports at its public key and signs as it', async () => {
    const seed = ed25519.utils.randomPrivateKey()
    const publicKey = ed25519.getPublicKey(seed)
    const { address } = await device.handlers.import!({
      accessToken: token,
      privateKey: encodeBase58(new Uint8Array([...seed, ...publicKey])),
      chainType: 'solana',
      mode: 'on-device',
    })
    expect(address).toBe(encodeBase58(publicKey))
    const message = new Uint8Array([1, 2, 3])
    const { data } = await device.handlers.rpc!({
      accessToken: token,
      entropyId: address,
      ...sol,
      chainType: 'solana',
      hdWalletIndex: 0,
      request: { method: 'signMessage', params: { message: btoa('\x01\x02\x03'), encoding: 'base64' } },
    })
    expect(ed25519.verify(base64ToBytes((data as { signature: string }).signature)!, message, publicKey)).toBe(true)
  })

  it('refuses a malformed key, another mode or chain, before anything is stored or sent', async () => {
    const key = generatePrivateKey()
    await expect(device.handlers.import!({ accessToken: token, privateKey: key.slice(0, 40), chainType: 'ethereum', mode: 'on-device' })).rejects.toMatchObject(
      { type: 'invalid_request_arguments', message: 'Invalid private key' },
    )
    await expect(device.handlers.import!({ accessToken: token, privateKey: key, chainType: 'ethereum', mode: 'tee' as 'on-device' })).rejects.toMatchObject({
      type: 'invalid_request_arguments',
    })
    await expect(device.handlers.import!({ accessToken: token, privateKey: key, chainType: 'bitcoin' as 'ethereum', mode: 'on-device' })).rejects.toMatchObject(
      { type: 'invalid_request_arguments' },
    )
    expect(server.requests).toHaveLength(0)
  })

  it('importing the same key twice keeps the first import’s shares', async () => {
    const key = generatePrivateKey()
    const { address } = await device.handlers.import!({ accessToken: token, privateKey: key, chainType: 'ethereum', mode: 'on-device' })
    const first = (await device.store.get(appId, address))!.share
    await expect(device.handlers.import!({ accessToken: token, privateKey: key, chainType: 'ethereum', mode: 'on-device' })).rejects.toMatchObject({
      message: 'This wallet has already been imported',
    })
    expect(bytesToHex((await device.store.get(appId, address))!.share)).toBe(bytesToHex(first))
    await expect(device.handlers.connect!({ accessToken: token, entropyId: address, ...eth })).resolves.toEqual({ entropyId: address })
  })
})
