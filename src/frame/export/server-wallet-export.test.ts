import { ed25519 } from '@noble/curves/ed25519'
import { hexToBytes } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { beforeEach, describe, expect, it } from 'vitest'
import { AUTHORIZATION_SIGNATURE_HEADER, decodeBase58, encodeBase58, REQUEST_EXPIRY_HEADER, type ServerWalletExportBody } from '../../protocol/index.js'
import { frameHandlers } from '../handlers/index.js'
import { memoryDeviceShareStore } from '../memory-device-store.js'
import { serverWalletContext } from '../server-wallets/authorized-rpc.js'
import { memoryUserSignerKeyStore, userSigner } from '../server-wallets/user-signer.js'
import type { fakeShareServer } from '../test-support/fake-share-server.js'
import type { fakeWalletApi } from '../test-support/fake-wallet-api.js'
import { signedInFakes } from '../test-support/signed-in-fakes.js'
import type { ExportTarget } from './export-query.js'
import { exportSecret, exportSecretWithMfa, type ExportContext } from './export-secret.js'

const appId = 'cm0000000000000000000appid'
const token = 'token-of-alice'

let walletApi: ReturnType<typeof fakeWalletApi>
let shares: ReturnType<typeof fakeShareServer>
let context: ExportContext

beforeEach(() => {
  ;({ walletApi, shares } = signedInFakes(appId, token))
  // The signed-in user's wallets: the on-device ones of the share server and the server-managed ones of the wallet API.
  const user = async (accessToken: string) => {
    const onDevice = await shares.api.user(accessToken)
    return { ...onDevice, linked_accounts: [...onDevice.linked_accounts, ...walletApi.user(accessToken).linked_accounts] }
  }
  context = {
    appId,
    api: { ...shares.api, user },
    deviceShares: memoryDeviceShareStore(),
    serverWallets: serverWalletContext(walletApi.api, userSigner(appId, memoryUserSignerKeyStore())),
  }
})

const targetOf = (entropyId: string, chainType: 'ethereum' | 'solana'): ExportTarget => ({
  entropyId,
  chainType,
  hdWalletIndex: 0,
  clientId: null,
  phraseExport: true,
})
const exportCalls = () => walletApi.calls.filter((call) => call.endpoint === 'export')
const shareExports = () => shares.requests.filter((request) => request.endpoint === 'exportShare')

describe('exportSecret of a server-managed wallet', () => {
  it('Ethereum: the key the signer sealed to this frame, through one signed export call, with no seed phrase', async () => {
    const { address } = walletApi.createFor('alice', 'ethereum')
    const secret = await exportSecret(context, token, targetOf(address.toLowerCase(), 'ethereum'))
    expect(secret).toMatchObject({ address, seedPhrase: null })
    expect(secret.privateKey).toMatch(/^0x[0-9a-f]{64}$/)
    expect(privateKeyToAddress(secret.privateKey as `0x${string}`)).toBe(address)

    const [call] = exportCalls()
    expect(walletApi.calls.map((entry) => entry.endpoint)).toEqual(['registerUserSigner', 'export'])
    expect(call!.headers).toMatchObject({ [AUTHORIZATION_SIGNATURE_HEADER]: expect.any(String), [REQUEST_EXPIRY_HEADER]: expect.any(String) })
    // The recipient key is a P-256 public key made for this export: only its SPKI leaves the frame.
    const body = call!.body as ServerWalletExportBody
    expect(body.encryption_type).toBe('HPKE')
    await expect(
      crypto.subtle.importKey('spki', Buffer.from(body.recipient_public_key, 'base64'), { name: 'ECDH', namedCurve: 'P-256' }, true, []),
    ).resolves.toBeTruthy()
    expect(shareExports()).toEqual([])
  })

  it('Solana: base58 of the 64-byte secret key whose first half derives the address', async () => {
    const { address } = walletApi.createFor('alice', 'solana')
    const secret = await exportSecret(context, token, targetOf(address, 'solana'))
    const bytes = decodeBase58(secret.privateKey)!
    expect(bytes).toHaveLength(64)
    expect(encodeBase58(ed25519.getPublicKey(bytes.slice(0, 32)))).toBe(address)
    expect(secret).toMatchObject({ address, seedPhrase: null })
    expect(exportCalls()).toHaveLength(1)
    expect(shareExports()).toEqual([])
  })

  it('refuses a sealed key that is not the wallet’s', async () => {
    const ethereum = walletApi.createFor('alice', 'ethereum')
    const solana = walletApi.createFor('alice', 'solana')
    walletApi.exported.keyFor = ({ wallet }) => (wallet.chain_type === 'ethereum' ? hexToBytes(generatePrivateKey()) : ed25519.utils.randomPrivateKey())
    await expect(exportSecret(context, token, targetOf(ethereum.address, 'ethereum'))).rejects.toMatchObject({
      type: 'error',
      message: 'Wallet data is missing',
    })
    await expect(exportSecret(context, token, targetOf(solana.address, 'solana'))).rejects.toMatchObject({ type: 'error', message: 'Wallet data is missing' })
  })

  it('registers the user signer again, once, when the server no longer knows it', async () => {
    const { address } = walletApi.createFor('alice', 'ethereum')
    await exportSecret(context, token, targetOf(address, 'ethereum'))
    walletApi.signers.delete(token)
    expect(privateKeyToAddress((await exportSecret(context, token, targetOf(address, 'ethereum'))).privateKey as `0x${string}`)).toBe(address)
    expect(walletApi.calls.map((entry) => entry.endpoint)).toEqual(['registerUserSigner', 'export', 'export', 'registerUserSigner', 'export'])
  })

  it('behind MFA: the server’s refusal asks the parent for the user’s answer, verified here, then exports', async () => {
    const { address } = walletApi.createFor('alice', 'ethereum')
    shares.enrollMfa('alice', 'totp')
    // The server gates the export as it gates the export share: an MFA verification in this session.
    const { export: sealedExport } = walletApi.api
    context.serverWallets!.api = { ...walletApi.api, export: (accessToken, ...rest) => (shares.requireMfa(accessToken), sealedExport(accessToken, ...rest)) }
    const asked: boolean[] = []
    const ask = async (mfaRequired: boolean) => (
      asked.push(mfaRequired), { accessToken: token, ...(mfaRequired && { mfa: { method: 'totp' as const, code: '123456' } }) }
    )
    const secret = await exportSecretWithMfa(context, ask, targetOf(address, 'ethereum'))
    expect(privateKeyToAddress(secret.privateKey as `0x${string}`)).toBe(address)
    expect(asked).toEqual([false, true])
    expect(shares.requests.filter((request) => request.endpoint === 'verifyMfa')).toHaveLength(1)
  })

  it('an on-device wallet of the same user still opens with the export share', async () => {
    walletApi.createFor('alice', 'ethereum')
    const { address } = await frameHandlers(context)['wallet:create']!({ accessToken: token })
    const secret = await exportSecret(context, token, targetOf(address, 'ethereum'))
    expect(privateKeyToAddress(secret.privateKey as `0x${string}`)).toBe(address)
    expect(secret.seedPhrase).not.toBeNull()
    expect(shareExports()).toHaveLength(1)
    expect(exportCalls()).toEqual([])
  })
})
