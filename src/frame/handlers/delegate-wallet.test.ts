import { beforeEach, describe, expect, it } from 'vitest'
import { DELEGATION_NOT_OWNED_MESSAGE, type DelegateWalletData } from '../../protocol/index.js'
import { bytesToBase64 } from '../encoding.js'
import { memoryDeviceShareStore } from '../memory-device-store.js'
import { fakeShareServer } from '../test-support/fake-share-server.js'
import { frameHandlers } from './index.js'

const appId = 'cm0000000000000000000appid'
const token = 'token-of-alice'

let server: ReturnType<typeof fakeShareServer>
let device: ReturnType<typeof memoryDeviceShareStore>
let handlers: ReturnType<typeof frameHandlers>

beforeEach(() => {
  server = fakeShareServer()
  server.signIn(token, 'alice')
  device = memoryDeviceShareStore()
  handlers = frameHandlers({ appId, api: server.api, deviceShares: device })
})

const consent = (address: string, extra: Partial<DelegateWalletData> = {}) =>
  handlers['delegated-actions:consent']!({
    accessToken: token,
    entropyId: address,
    entropyIdVerifier: 'ethereum-address-verifier',
    chainType: 'ethereum',
    address,
    hdWalletIndex: 0,
    ...extra,
  })
const delegateRequests = () => server.requests.filter((request) => request.endpoint === 'delegate')

describe('delegated-actions:consent', () => {
  it('unlocks the share set, then sends the server this device’s current share for the proven address; the host gets the user only', async () => {
    const { address } = await handlers['wallet:create']!({ accessToken: token })
    const answer = await consent(address)
    expect(Object.keys(answer)).toEqual(['user'])
    const deviceShare = bytesToBase64((await device.get(appId, address))!.share)
    expect(JSON.stringify(answer)).not.toContain(deviceShare)
    // The auth share was asked for first (the MFA-gated release), then the delegation.
    expect(server.requests.map((request) => request.endpoint).slice(-2)).toEqual(['authShare', 'delegate'])
    expect(delegateRequests()[0]!.body).toEqual({ address, chain_type: 'ethereum', device_share: deviceShare })
  })

  it('works for a Solana wallet and for an additional HD wallet at its index', async () => {
    const solana = await handlers['solana-wallet:create']!({ accessToken: token })
    await consent(solana.address, { entropyId: solana.address, entropyIdVerifier: 'solana-address-verifier', chainType: 'solana' })
    const root = await handlers['wallet:create']!({ accessToken: token })
    const second = await handlers['wallets:add']!({
      accessToken: token,
      entropyId: root.address,
      entropyIdVerifier: 'ethereum-address-verifier',
      chainType: 'ethereum',
      hdWalletIndex: 1,
    })
    await consent(second.address, { entropyId: root.address, hdWalletIndex: 1 })
    expect(delegateRequests().map((request) => (request.body as { address: string }).address)).toEqual([solana.address, second.address])
  })

  it('refuses an address that is not the wallet at that index, before anything is sent', async () => {
    const { address } = await handlers['wallet:create']!({ accessToken: token })
    await expect(consent(address, { hdWalletIndex: 1 })).rejects.toMatchObject({ type: 'invalid_request_arguments', message: DELEGATION_NOT_OWNED_MESSAGE })
    await expect(consent(address, { address: '0x0000000000000000000000000000000000000001' })).rejects.toMatchObject({ message: DELEGATION_NOT_OWNED_MESSAGE })
    await expect(consent(address, { chainType: 'solana' })).rejects.toMatchObject({ type: 'invalid_request_arguments' })
    expect(delegateRequests()).toEqual([])
  })

  it('is gated by MFA like every share release, and goes through with the user’s answer', async () => {
    const { address } = await handlers['wallet:create']!({ accessToken: token })
    server.enrollMfa('alice', 'totp')
    await expect(consent(address)).rejects.toMatchObject({ type: 'missing_or_invalid_mfa' })
    expect(delegateRequests()).toEqual([])
    await expect(consent(address, { mfa: { method: 'totp', code: server.mfa.code } })).resolves.toMatchObject({ user: { id: 'alice' } })
  })

  it('without this device’s share answers wallet_not_on_device and sends nothing', async () => {
    const { address } = await handlers['wallet:create']!({ accessToken: token })
    await device.delete(appId, address)
    await expect(consent(address)).rejects.toMatchObject({ type: 'wallet_not_on_device' })
    expect(delegateRequests()).toEqual([])
  })
})
