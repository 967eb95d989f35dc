/**
 * Creating a wallet backed up to Google Drive (user-owned recovery required on create): the key goes to the user's
 * Drive before the server gets the set, the server only ever holds the key-sealed share, and a new device recovers
 * the wallet with the Drive token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startGoogleDrive, type GoogleDriveStandIn } from '../../../test/harness/google-drive.js'
import { GOOGLE_DRIVE_APPDATA_SCOPE, type KeySealedShare } from '../../protocol/index.js'
import { memoryDeviceShareStore } from '../memory-device-store.js'
import { googleDriveKeyStore } from '../recovery/google-drive.js'
import { fakeShareServer } from '../test-support/fake-share-server.js'
import { frameHandlers } from './index.js'

const appId = 'cm0000000000000000000appid'
const token = 'token-of-alice'

let drive: GoogleDriveStandIn
beforeAll(async () => {
  drive = await startGoogleDrive({
    verifyToken: async (driveToken) => (driveToken === 'drive-token-alice' ? { sub: 'google-alice', scopes: [GOOGLE_DRIVE_APPDATA_SCOPE] } : null),
  })
})
afterAll(async () => {
  await drive?.close()
})

describe('creating a wallet with Google Drive recovery', () => {
  it('writes the key to Drive, gives the server a sealed share only, and a new device recovers it', async () => {
    const server = fakeShareServer()
    server.signIn(token, 'alice')
    const device = () => frameHandlers({ appId, api: server.api, deviceShares: memoryDeviceShareStore(), cloudKeys: googleDriveKeyStore(drive.url) })
    const { address, entropyIdVerifier } = await device()['solana-wallet:create']!({
      accessToken: token,
      recoveryMethod: 'google-drive',
      recoveryAccessToken: 'drive-token-alice',
    })

    const set = server.shareSets.find((candidate) => candidate.entropyId === address)!
    expect(set.recovery.method).toBe('google-drive')
    const files = drive.files().filter((file) => file.name.includes(address))
    expect(files.map((file) => [file.owner, file.name])).toEqual([['google-alice', (set.recovery as { sealed: KeySealedShare }).sealed.key_file]])
    expect(JSON.stringify(set)).not.toContain((JSON.parse(files[0]!.content.toString()) as { key: string }).key)

    expect(await device().recover!({ accessToken: token, entropyId: address, entropyIdVerifier, recoveryAccessToken: 'drive-token-alice' })).toEqual({
      entropyId: address,
    })
  })

  it('without a valid Drive token nothing is stored on the server', async () => {
    const server = fakeShareServer()
    server.signIn(token, 'alice')
    const device = frameHandlers({ appId, api: server.api, deviceShares: memoryDeviceShareStore(), cloudKeys: googleDriveKeyStore(drive.url) })
    await expect(device['wallet:create']!({ accessToken: token, recoveryMethod: 'google-drive' })).rejects.toMatchObject({ type: 'invalid_request_arguments' })
    await expect(device['wallet:create']!({ accessToken: token, recoveryMethod: 'google-drive', recoveryAccessToken: 'drive-token-bob' })).rejects.toBeTruthy()
    expect(server.shareSets).toEqual([])
  })
})
