import { ed25519 } from '@noble/curves/ed25519'
import { mnemonicToEntropy } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { beforeEach, describe, expect, it } from 'vitest'
import { decodeBase58, encodeBase58, EXPORT_FRAME_TOKEN, EXPORT_FRAME_TOKEN_REQUEST } from '../../protocol/index.js'
import { memoryDeviceShareStore } from '../memory-device-store.js'
import type { FrameContext } from '../handlers/context.js'
import { frameHandlers } from '../handlers/index.js'
import { fakeFrameWindow } from '../test-support/fake-parent.js'
import { fakeShareServer } from '../test-support/fake-share-server.js'
import { parseExportQuery } from './export-query.js'
import { exportSecret, exportSecretWithMfa } from './export-secret.js'
import { requestParentToken } from './parent-token.js'

const appId = 'cm0000000000000000000appid'
const token = 'token-of-alice'
const parentOrigin = 'https://app.example'

describe('parseExportQuery', () => {
  it('reads the wallet and the phrase flag', () => {
    expect(
      parseExportQuery('?entropy_id=0xabc&entropy_id_verifier=ethereum-address-verifier&hd_wallet_index=2&chain_type=ethereum&client_id=c1&phrase_export=true'),
    ).toEqual({ entropyId: '0xabc', chainType: 'ethereum', hdWalletIndex: 2, clientId: 'c1', phraseExport: true })
  })

  it('names no wallet for a missing id, an unknown verifier, a chain not the verifier’s or a bad index', () => {
    for (const search of [
      '?entropy_id_verifier=ethereum-address-verifier&chain_type=ethereum',
      '?entropy_id=a&entropy_id_verifier=bitcoin&chain_type=ethereum',
      '?entropy_id=a&entropy_id_verifier=solana-address-verifier&chain_type=ethereum',
      '?entropy_id=a&entropy_id_verifier=solana-address-verifier&chain_type=solana&hd_wallet_index=-1',
      '?entropy_id=a&entropy_id_verifier=solana-address-verifier&chain_type=solana&hd_wallet_index=1.5',
    ])
      expect(parseExportQuery(search), search).toBeNull()
  })
})

describe('exportSecret', () => {
  let server: ReturnType<typeof fakeShareServer>
  let context: FrameContext
  beforeEach(() => {
    server = fakeShareServer()
    server.signIn(token, 'alice')
    context = { appId, api: server.api, deviceShares: memoryDeviceShareStore() }
  })
  const handlers = () => frameHandlers(context)

  it('an HD Ethereum wallet: the key of its index, and the seed phrase when asked, through the export share', async () => {
    const { address } = await handlers()['wallet:create']!({ accessToken: token })
    const second = await handlers()['wallets:add']!({
      accessToken: token,
      entropyId: address,
      entropyIdVerifier: 'ethereum-address-verifier',
      chainType: 'ethereum',
      hdWalletIndex: 1,
    })
    const target = { entropyId: address, chainType: 'ethereum' as const, hdWalletIndex: 1, clientId: null, phraseExport: true }
    const secret = await exportSecret(context, token, target)
    expect(privateKeyToAddress(secret.privateKey as `0x${string}`)).toBe(second.address)
    expect(secret.address).toBe(second.address)
    expect(mnemonicToEntropy(secret.seedPhrase!, wordlist)).toHaveLength(16)
    expect(server.requests.at(-1)).toMatchObject({ endpoint: 'exportShare', address })
    expect((await exportSecret(context, token, { ...target, phraseExport: false })).seedPhrase).toBeNull()
  })

  it('a Solana wallet: the 64-byte secret key in base58 (seed, then its public key)', async () => {
    const { address } = await handlers()['solana-wallet:create']!({ accessToken: token })
    const { privateKey } = await exportSecret(context, token, {
      entropyId: address,
      chainType: 'solana',
      hdWalletIndex: 0,
      clientId: null,
      phraseExport: false,
    })
    const bytes = decodeBase58(privateKey)!
    expect(bytes).toHaveLength(64)
    expect(encodeBase58(ed25519.getPublicKey(bytes.slice(0, 32)))).toBe(address)
    expect(encodeBase58(bytes.slice(32))).toBe(address)
  })

  it('an imported key exports as imported, and has no seed phrase', async () => {
    const key = generatePrivateKey()
    const { address } = await handlers().import!({ accessToken: token, privateKey: key, chainType: 'ethereum', mode: 'on-device' })
    expect(await exportSecret(context, token, { entropyId: address, chainType: 'ethereum', hdWalletIndex: 0, clientId: null, phraseExport: true })).toEqual({
      address,
      privateKey: key,
      seedPhrase: null,
    })
  })

  it('without this device’s share (storage refused or empty) opens an automatic-recovery wallet with the key material', async () => {
    const { address } = await handlers()['wallet:create']!({ accessToken: token })
    const target = { entropyId: address, chainType: 'ethereum' as const, hdWalletIndex: 0, clientId: null, phraseExport: false }
    const refused = {
      ...memoryDeviceShareStore(),
      get: () => Promise.reject(new DOMException('The user denied permission to access the database.', 'UnknownError')),
    }
    for (const deviceShares of [refused, memoryDeviceShareStore()]) {
      const { privateKey } = await exportSecret({ ...context, deviceShares }, token, target)
      expect(privateKeyToAddress(privateKey as `0x${string}`)).toBe(address)
      expect(server.requests.at(-1)).toMatchObject({ endpoint: 'exportShare', body: { chain_type: 'ethereum', include_recovery: true } })
    }
    await exportSecret(context, token, target)
    expect(server.requests.at(-1)?.body).toEqual({ chain_type: 'ethereum' })
  })

  it('refuses a password wallet without this device’s share, and when the server refuses the session', async () => {
    const { address } = await frameHandlers({ ...context, passwordKdf: { n: 2 ** 10, r: 8, p: 1 } })['wallet:create']!({
      accessToken: token,
      recoveryMethod: 'user-passcode',
      recoveryPassword: 'pw-1234567',
    })
    const target = { entropyId: address, chainType: 'ethereum' as const, hdWalletIndex: 0, clientId: null, phraseExport: false }
    await expect(exportSecret({ ...context, deviceShares: memoryDeviceShareStore() }, token, target)).rejects.toMatchObject({ type: 'wallet_not_on_device' })
    server.signOut(token)
    await expect(exportSecret(context, token, target)).rejects.toMatchObject({ message: 'Invalid or missing access token' })
  })
})

describe('exportSecretWithMfa', () => {
  let server: ReturnType<typeof fakeShareServer>
  let context: FrameContext
  beforeEach(() => {
    server = fakeShareServer()
    server.signIn(token, 'alice')
    context = { appId, api: server.api, deviceShares: memoryDeviceShareStore() }
  })

  it('without MFA asks the parent once; with MFA enrolled, asks again for the answer, verifies it here and exports', async () => {
    const { address } = await frameHandlers(context)['wallet:create']!({ accessToken: token })
    const target = { entropyId: address, chainType: 'ethereum' as const, hdWalletIndex: 0, clientId: null, phraseExport: false }
    const asked: boolean[] = []
    const codes = ['000000', '123456']
    const ask = async (mfaRequired: boolean) => (
      asked.push(mfaRequired), { accessToken: token, ...(mfaRequired && { mfa: { method: 'totp' as const, code: codes.shift()! } }) }
    )
    await exportSecretWithMfa(context, ask, target)
    expect(asked).toEqual([false])

    server.enrollMfa('alice', 'totp')
    asked.length = 0
    const secret = await exportSecretWithMfa(context, ask, target)
    expect(privateKeyToAddress(secret.privateKey as `0x${string}`)).toBe(address)
    // A wrong code is one more try; the right one unlocks the export share.
    expect(asked).toEqual([false, true, true])
    expect(server.requests.filter((request) => request.endpoint === 'verifyMfa')).toHaveLength(2)
  })

  it('stops when the user gives no answer, and after 4 tries', async () => {
    const { address } = await frameHandlers(context)['wallet:create']!({ accessToken: token })
    server.enrollMfa('alice', 'totp')
    const target = { entropyId: address, chainType: 'ethereum' as const, hdWalletIndex: 0, clientId: null, phraseExport: false }
    await expect(exportSecretWithMfa(context, async () => ({ accessToken: token }), target)).rejects.toMatchObject({
      type: 'missing_or_invalid_mfa',
      message: 'MFA verification required',
    })
    let tries = 0
    const wrong = async (mfaRequired: boolean) => (tries++, { accessToken: token, ...(mfaRequired && { mfa: { method: 'totp' as const, code: '000000' } }) })
    await expect(exportSecretWithMfa(context, wrong, target)).rejects.toMatchObject({ type: 'missing_or_invalid_mfa' })
    expect(tries).toBe(4)
  })
})

describe('requestParentToken', () => {
  it('asks the parent at its origin and takes the answer only from it, for this request', async () => {
    const frame = fakeFrameWindow()
    const asked = requestParentToken(frame.frameWindow, parentOrigin)
    const [request] = frame.posted
    expect(request).toMatchObject({ targetOrigin: parentOrigin, message: { event: EXPORT_FRAME_TOKEN_REQUEST } })
    const id = (request!.message as { id: string }).id
    frame.deliver({ source: {}, origin: parentOrigin, data: { event: EXPORT_FRAME_TOKEN, id, accessToken: 'forged' } })
    frame.deliver({ source: frame.parent, origin: 'https://evil.example', data: { event: EXPORT_FRAME_TOKEN, id, accessToken: 'forged' } })
    frame.deliver({ source: frame.parent, origin: parentOrigin, data: { event: EXPORT_FRAME_TOKEN, id: 'other', accessToken: 'forged' } })
    frame.deliver({ source: frame.parent, origin: parentOrigin, data: { event: EXPORT_FRAME_TOKEN, id, accessToken: 'the-token' } })
    await expect(asked).resolves.toEqual({ accessToken: 'the-token' })
    expect(frame.listenerCount()).toBe(0)
  })

  it('fails when the parent has no session or does not answer', async () => {
    const frame = fakeFrameWindow()
    const signedOut = requestParentToken(frame.frameWindow, parentOrigin)
    const id = (frame.posted[0]!.message as { id: string }).id
    frame.deliver({ source: frame.parent, origin: parentOrigin, data: { event: EXPORT_FRAME_TOKEN, id, accessToken: null } })
    await expect(signedOut).rejects.toThrow('You must be signed in to export your wallet')
    await expect(requestParentToken(fakeFrameWindow().frameWindow, parentOrigin, false, 20)).rejects.toThrow('The page did not answer')
  })
})
