/**
 * docs/security.md #42 at unit level: a whole wallet lifecycle through the message listener (create on both chains, another
 * HD wallet, connect, signatures, recovery on a new device, a recovery change), recording every message the frame
 * posts and every request it sends. No entropy, mnemonic, seed, private key or device share may appear in any of them.
 */
import { bytesToHex } from '@noble/hashes/utils'
import { HDKey } from '@scure/bip32'
import { describe, expect, it } from 'vitest'
import { encodeBase58, type FrameRequest, type FrameRequestEvent, type FrameRequestData, type WalletChangeResult } from '../protocol/index.js'
import { mnemonicOf, seedOf } from '../protocol/custody/entropy.js'
import { ethereumPath } from '../protocol/custody/ethereum-keys.js'
import { combineShares } from '../protocol/custody/share-wrapper.js'
import { slip10Derive } from '../protocol/custody/slip10.js'
import { solanaPath } from '../protocol/custody/solana-keys.js'
import { base64ToBytes, bytesToBase64 } from './encoding.js'
import { frameHandlers } from './handlers/index.js'
import { listenToParent } from './listener.js'
import { fakeFrameWindow } from './test-support/fake-parent.js'
import { fakeShareServer } from './test-support/fake-share-server.js'
import { memoryDeviceShareStore } from './memory-device-store.js'

const appId = 'cm0000000000000000000appid'
const parentOrigin = 'https://app.example'
const accessToken = 'token-of-alice'

function frameOnDevice(server: ReturnType<typeof fakeShareServer>) {
  const store = memoryDeviceShareStore()
  const fake = fakeFrameWindow()
  listenToParent(fake.frameWindow, parentOrigin, frameHandlers({ appId, api: server.api, deviceShares: store, passwordKdf: { n: 2 ** 10, r: 8, p: 1 } }))
  let next = 0
  async function send<E extends FrameRequestEvent>(event: E, data: FrameRequestData[E]): Promise<unknown> {
    const id = `request-${++next}`
    fake.deliver({ source: fake.parent, origin: parentOrigin, data: { id, event, data } satisfies FrameRequest })
    for (let waited = 0; waited < 5000; waited += 5) {
      const reply = fake.posted.find(({ message }) => (message as { id: string }).id === id)?.message as { data?: unknown; error?: unknown } | undefined
      if (reply) {
        if (reply.error) throw new Error(JSON.stringify(reply.error))
        return reply.data
      }
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    throw new Error(`no reply to ${event}`)
  }
  return { store, posted: fake.posted, send }
}

/** Every spelling of a secret a leak could take: hex (any case), base64, base58, and the words. */
function spellings(bytes: Uint8Array): string[] {
  return [bytesToHex(bytes), bytesToBase64(bytes), encodeBase58(bytes)]
}

describe('a full lifecycle leaks no secret to the host or the network (docs/security.md #42)', () => {
  it('records every postMessage and request and finds none of the secrets', async () => {
    const server = fakeShareServer()
    server.signIn(accessToken, 'alice')
    const first = frameOnDevice(server)
    const deviceShares: Uint8Array[] = []
    const keepDeviceShares = (store: ReturnType<typeof memoryDeviceShareStore>) => store.records.forEach((record) => deviceShares.push(record.share))

    const ethereum = (await first.send('wallet:create', { accessToken })) as WalletChangeResult
    const solana = (await first.send('solana-wallet:create', {
      accessToken,
      recoveryMethod: 'user-passcode',
      recoveryPassword: 'correct horse battery',
    })) as WalletChangeResult
    const ethRef = { accessToken, entropyId: ethereum.entropyId, entropyIdVerifier: ethereum.entropyIdVerifier }
    const solRef = { accessToken, entropyId: solana.entropyId, entropyIdVerifier: solana.entropyIdVerifier }
    const added = (await first.send('wallets:add', { ...ethRef, chainType: 'ethereum', hdWalletIndex: 1 })) as WalletChangeResult
    await first.send('connect', ethRef)
    await first.send('rpc', {
      ...ethRef,
      chainType: 'ethereum',
      hdWalletIndex: 1,
      request: { method: 'personal_sign', params: ['0x68656c6c6f', added.address] },
    })
    await first.send('rpc', {
      ...solRef,
      chainType: 'solana',
      hdWalletIndex: 0,
      request: { method: 'signMessage', params: { message: bytesToBase64(new Uint8Array([1, 2, 3])), encoding: 'base64' } },
    })
    keepDeviceShares(first.store)

    const second = frameOnDevice(server)
    await second.send('recover', ethRef)
    await second.send('recover', { ...solRef, recoveryPassword: 'correct horse battery' })
    await second.send('set-recovery', { ...ethRef, recoveryMethod: 'user-passcode', recoveryPassword: 'another password', existingRecoveryMethod: 'privy' })
    await second.send('rpc', { ...ethRef, chainType: 'ethereum', hdWalletIndex: 0, request: { method: 'secp256k1_sign', params: [`0x${'ab'.repeat(32)}`] } })
    keepDeviceShares(second.store)

    const secrets: string[] = deviceShares.flatMap(spellings)
    for (const { entropyId, chainType } of [
      { ...ethereum, chainType: 'ethereum' },
      { ...solana, chainType: 'solana' },
    ] as const) {
      const entropy = await combineShares(
        (await second.store.get(appId, entropyId))!.share,
        base64ToBytes(server.shareSets.find((set) => set.entropyId === entropyId)!.authShare)!,
      )
      const seed = await seedOf(entropy)
      secrets.push(...spellings(entropy), ...spellings(seed), mnemonicOf(entropy), mnemonicOf(entropy).split(' ').slice(0, 4).join(' '))
      for (const index of [0, 1]) {
        const privateKey =
          chainType === 'ethereum' ? HDKey.fromMasterSeed(seed).derive(ethereumPath(index)).privateKey! : slip10Derive(seed, solanaPath(index)).privateKey
        secrets.push(...spellings(privateKey))
      }
    }

    const toHost = JSON.stringify([...first.posted, ...second.posted]).toLowerCase()
    const toServer = JSON.stringify(server.requests).toLowerCase()
    // One reply per request: the frame posts nothing unasked.
    expect(first.posted.length + second.posted.length).toBe(10)
    expect(server.requests.length).toBeGreaterThan(12)
    for (const secret of secrets) {
      expect(toHost).not.toContain(secret.toLowerCase())
      expect(toServer).not.toContain(secret.toLowerCase())
    }
    // Control: the search does find a share where one is meant to go (the auth share, to the server).
    expect(toServer).toContain(server.shareSets[0]!.authShare.toLowerCase())
    // Every reply went to the parent's origin, none to '*'.
    expect(new Set([...first.posted, ...second.posted].map(({ targetOrigin }) => targetOrigin))).toEqual(new Set([parentOrigin]))
  })
})
