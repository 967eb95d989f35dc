/**
 * Google Drive recovery in the frame, over HTTP against the Drive v3 app-data stand-in: a backup writes a new key
 * file and seals the recovery share with it; a new device recovers only with a token of the Google account that
 * holds that file; the server's share set alone opens nothing.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { KeySealedShare } from '../../protocol/index.js'
import { startGoogleDrive, type GoogleDriveStandIn } from '../../../test/harness/google-drive.js'
import { GOOGLE_DRIVE_APPDATA_SCOPE } from '../../protocol/index.js'
import { memoryDeviceShareStore } from '../memory-device-store.js'
import { googleDriveKeyStore } from '../recovery/google-drive.js'
import { fakeShareServer } from '../test-support/fake-share-server.js'
import { frameHandlers } from './index.js'

const appId = 'cm0000000000000000000appid'
const token = 'token-of-alice'
const eth = { entropyIdVerifier: 'ethereum-address-verifier' } as const
/** Drive tokens of two Google accounts, and one without the app-data scope. */
const driveTokens: Record<string, { sub: string; scopes: string[] }> = {
  'drive-token-alice': { sub: 'google-alice', scopes: [GOOGLE_DRIVE_APPDATA_SCOPE] },
  'drive-token-bob': { sub: 'google-bob', scopes: [GOOGLE_DRIVE_APPDATA_SCOPE] },
  'drive-token-narrow': { sub: 'google-alice', scopes: ['openid'] },
}

let drive: GoogleDriveStandIn
let server: ReturnType<typeof fakeShareServer>

beforeAll(async () => {
  drive = await startGoogleDrive({ verifyToken: async (driveToken) => driveTokens[driveToken] ?? null })
})
afterAll(async () => {
  await drive?.close()
})
beforeEach(() => {
  server = fakeShareServer()
  server.signIn(token, 'alice')
})

/** Alice's key files of one wallet (the stand-in lives across tests). */
const keyFiles = (address: string) => drive.files().filter((file) => file.owner === 'google-alice' && file.name.includes(address))

const newDevice = () => frameHandlers({ appId, api: server.api, deviceShares: memoryDeviceShareStore(), cloudKeys: googleDriveKeyStore(drive.url) })

async function walletBackedUpToDrive() {
  const device = newDevice()
  const { address } = await device['wallet:create']!({ accessToken: token })
  await device['set-recovery']!({
    accessToken: token,
    entropyId: address,
    ...eth,
    recoveryMethod: 'google-drive',
    recoveryAccessToken: 'drive-token-alice',
    existingRecoveryMethod: 'privy',
  })
  return { address, device }
}

describe('Google Drive recovery', () => {
  it('a backup keeps the key in the Drive app-data folder and only a sealed share on the server', async () => {
    const { address } = await walletBackedUpToDrive()
    const set = server.shareSets.find((candidate) => candidate.entropyId === address)!
    expect(set.recovery.method).toBe('google-drive')
    const sealed = (set.recovery as { sealed: KeySealedShare }).sealed
    const files = keyFiles(address)
    expect(files.map((file) => file.name)).toEqual([sealed.key_file])
    expect(sealed.key_file.startsWith(`tessera-recovery-${address}-`)).toBe(true)
    // The server holds ciphertext only: the key is nowhere in what it stores.
    const key = (JSON.parse(files[0]!.content.toString()) as { key: string }).key
    expect(JSON.stringify(set)).not.toContain(key)
  })

  it('a new device recovers the same wallet with the Drive token, and signs', async () => {
    const { address } = await walletBackedUpToDrive()
    const other = newDevice()
    await expect(other.connect!({ accessToken: token, entropyId: address, ...eth })).rejects.toMatchObject({ type: 'wallet_not_on_device' })
    await other.recover!({ accessToken: token, entropyId: address, ...eth, recoveryAccessToken: 'drive-token-alice' })
    const signed = await other.rpc!({
      accessToken: token,
      entropyId: address,
      ...eth,
      chainType: 'ethereum',
      hdWalletIndex: 0,
      request: { method: 'personal_sign', params: ['0x68656c6c6f', address] },
    })
    expect(signed.data).toMatch(/^0x[0-9a-f]{130}$/)
    // Recovery re-shared with the same Drive key: still one key file.
    expect(keyFiles(address)).toHaveLength(1)
  })

  it('another Google account, a token without the app-data scope, or no token recovers nothing', async () => {
    const { address } = await walletBackedUpToDrive()
    const other = newDevice()
    await expect(other.recover!({ accessToken: token, entropyId: address, ...eth, recoveryAccessToken: 'drive-token-bob' })).rejects.toMatchObject({
      message: 'Unable to recover wallet',
    })
    await expect(other.recover!({ accessToken: token, entropyId: address, ...eth, recoveryAccessToken: 'drive-token-narrow' })).rejects.toMatchObject({
      message: 'Unable to authorize user',
    })
    await expect(other.recover!({ accessToken: token, entropyId: address, ...eth })).rejects.toMatchObject({ type: 'invalid_request_arguments' })
  })

  it('a second backup replaces the key file only once the server uses the new one', async () => {
    const { address, device } = await walletBackedUpToDrive()
    const first = keyFiles(address)[0]!.name
    await device['set-recovery']!({
      accessToken: token,
      entropyId: address,
      ...eth,
      recoveryMethod: 'google-drive',
      recoveryAccessToken: 'drive-token-alice',
      existingRecoveryMethod: 'google-drive',
    })
    const names = keyFiles(address).map((file) => file.name)
    expect(names).toHaveLength(1)
    expect(names[0]).not.toBe(first)
    const set = server.shareSets.find((candidate) => candidate.entropyId === address)!
    expect((set.recovery as { sealed: KeySealedShare }).sealed.key_file).toBe(names[0])
  })

  it('a frame without a Drive API refuses Drive recovery', async () => {
    const device = frameHandlers({ appId, api: server.api, deviceShares: memoryDeviceShareStore() })
    const { address } = await device['wallet:create']!({ accessToken: token })
    await expect(
      device['set-recovery']!({
        accessToken: token,
        entropyId: address,
        ...eth,
        recoveryMethod: 'google-drive',
        recoveryAccessToken: 'drive-token-alice',
        existingRecoveryMethod: 'privy',
      }),
    ).rejects.toMatchObject({ message: 'Unsupported recovery action' })
  })
})
