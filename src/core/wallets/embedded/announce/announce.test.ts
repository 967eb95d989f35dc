// Issue 16 item 2: the signed-in user's embedded wallets announced to the page's dapps (EIP-6963 through mipd's
// announceProvider, wallet-standard by its register events), found by a dapp with mipd's store and
// @wallet-standard/app, signing through the embedded providers; taken off the page at logout; never in Tessera's own list.
import { ed25519 } from '@noble/curves/ed25519.js'
import { Keypair, PublicKey, SystemProgram, Transaction, VersionedTransaction } from '@solana/web3.js'
import { getWallets } from '@wallet-standard/app'
import { verifySignIn } from '@solana/wallet-standard-util'
import type { SolanaSignInInput, SolanaSignInOutput } from '@solana/wallet-standard-features'
import { createStore } from 'mipd'
import { verifyMessage, type Hex } from 'viem'
import { generatePrivateKey } from 'viem/accounts'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { decodeBase58 } from '../../../../protocol/index.js'
import { TEST_APP_ID } from '../../../test-support/fixtures.js'
import type { StandardWallet, StandardWalletAccount } from '../../discovery/wallet-standard.js'
import { createTestEthereumWallet } from '../../test-support/ethereum-wallet.js'
import { announceEip6963, eip1193Provider, type FakePage } from '../../test-support/fake-page.js'
import { embeddedStateWhere, startEmbeddedTestbed, type EmbeddedTestbed } from '../test-support/embedded-client.js'
import { announcedRdns } from './identity.js'

let testbed: EmbeddedTestbed
// One page for the file, as @wallet-standard/app keeps one registry per JavaScript realm, listening on the first window.
const page: FakePage = Object.assign(new EventTarget(), {
  location: { host: 'app.example', origin: 'https://app.example', pathname: '/', href: 'https://app.example/' },
  navigator: { userAgent: 'Chrome/130.0' },
})
beforeEach(() => {
  // The page's global window, where mipd and the wallet-standard events live (document: the frame client is a stand-in).
  vi.stubGlobal('window', page)
  vi.stubGlobal('document', {})
})
afterEach(async () => {
  await testbed?.close()
  vi.unstubAllGlobals()
})

const rdns = announcedRdns(TEST_APP_ID)
const tesseraProvider = () => createStore().findProvider({ rdns: rdns as `${string}.${string}` })
const tesseraWallet = () => (getWallets().get() as readonly unknown[] as StandardWallet[]).find((wallet) => wallet.name === 'Test App')

async function signedIn(announce: boolean) {
  testbed = await startEmbeddedTestbed({
    embedded: { ethereum: { create_on_login: 'all-users' }, solana: { create_on_login: 'all-users' }, announce_wallets_enabled: announce },
    config: { wallet_auth: true, solana_wallet_auth: true },
  })
  const client = testbed.newClient()
  await testbed.login(client)
  const { wallets } = await embeddedStateWhere(client, (state) => state.status === 'ready')
  return {
    client,
    ethereum: wallets.find((wallet) => wallet.chainType === 'ethereum')!.address as Hex,
    solana: wallets.find((wallet) => wallet.chainType === 'solana')!.address,
  }
}

interface ConnectFeature {
  connect(): Promise<{ accounts: readonly StandardWalletAccount[] }>
}
interface EventsFeature {
  on(event: 'change', listener: (properties: { accounts: readonly StandardWalletAccount[] }) => void): () => void
}
interface SignTransactionFeature {
  signTransaction(input: { account: StandardWalletAccount; chain: string; transaction: Uint8Array }): Promise<readonly [{ signedTransaction: Uint8Array }]>
}
interface SignInFeature {
  signIn(...inputs: SolanaSignInInput[]): Promise<readonly SolanaSignInOutput[]>
}
interface SignMessageFeature {
  signMessage(input: { account: StandardWalletAccount; message: Uint8Array }): Promise<readonly { signature: Uint8Array }[]>
}

describe('announcing the embedded wallets to the page', () => {
  it('a dapp finds the Ethereum wallet with mipd and the Solana wallet with getWallets(), both sign with the user’s keys; Tessera’s own list leaves them out', async () => {
    const { client, ethereum, solana } = await signedIn(true)
    await expect
      .poll(() => tesseraProvider()?.info)
      .toMatchObject({ name: 'Test App', rdns, icon: expect.stringMatching(/^data:image\//), uuid: expect.stringMatching(/^[0-9a-f-]{36}$/) })
    const provider = tesseraProvider()!.provider
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([ethereum])
    const signature = (await provider.request({ method: 'personal_sign', params: ['0x6869', ethereum] })) as Hex
    expect(await verifyMessage({ address: ethereum, message: 'hi', signature })).toBe(true)

    await expect.poll(() => tesseraWallet()?.accounts.map((account) => account.address)).toEqual([solana])
    const wallet = tesseraWallet()!
    expect(Object.keys(wallet.features)).toEqual(
      expect.arrayContaining([
        'standard:connect',
        'standard:disconnect',
        'standard:events',
        'solana:signMessage',
        'solana:signTransaction',
        'solana:signAndSendTransaction',
      ]),
    )
    const { accounts } = await (wallet.features['standard:connect'] as ConnectFeature).connect()
    const message = new TextEncoder().encode('hello dapp')
    const [signed] = await (wallet.features['solana:signMessage'] as SignMessageFeature).signMessage({ account: accounts[0]!, message })
    expect(ed25519.verify(signed!.signature, message, decodeBase58(solana)!)).toBe(true)
    // A dapp's wire transaction (legacy here) comes back signed by the wallet, in the wallet's signer slot.
    const transfer = new Transaction({ feePayer: new PublicKey(solana), recentBlockhash: Keypair.generate().publicKey.toBase58() }).add(
      SystemProgram.transfer({ fromPubkey: new PublicKey(solana), toPubkey: Keypair.generate().publicKey, lamports: 1 }),
    )
    const [{ signedTransaction }] = await (wallet.features['solana:signTransaction'] as SignTransactionFeature).signTransaction({
      account: accounts[0]!,
      chain: 'solana:devnet',
      transaction: transfer.serialize({ requireAllSignatures: false }),
    })
    const signedTransfer = VersionedTransaction.deserialize(signedTransaction)
    expect(ed25519.verify(signedTransfer.signatures[0]!, signedTransfer.message.serialize(), decodeBase58(solana)!)).toBe(true)

    // Another wallet on the page is listed; Tessera's own announcements are not.
    announceEip6963(page, eip1193Provider(createTestEthereumWallet({ privateKey: generatePrivateKey() })), { rdns: 'io.metamask', name: 'MetaMask' })
    client.wallets.getOptions()
    await expect.poll(() => client.wallets.getOptions().map((option) => option.id)).toContain('io.metamask')
    expect(client.wallets.getOptions().map((option) => option.id)).not.toContain(rdns)
    expect(client.wallets.getOptions().map((option) => option.name)).not.toContain('Test App')
  })

  it('at logout the provider has no account, the announcement stops, and the Solana wallet says so and leaves the list', async () => {
    const { client, ethereum } = await signedIn(true)
    await expect.poll(() => tesseraWallet()?.accounts.length).toBe(1)
    const { provider, info } = tesseraProvider()!
    const accountsChanged: unknown[] = []
    provider.on('accountsChanged', (accounts) => accountsChanged.push(accounts))
    const changes: number[] = []
    ;(tesseraWallet()!.features['standard:events'] as EventsFeature).on('change', ({ accounts }) => changes.push(accounts.length))

    await client.logout()
    await expect.poll(() => accountsChanged).toEqual([[]])
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
    await expect(provider.request({ method: 'personal_sign', params: ['0x6869', ethereum] })).rejects.toMatchObject({ code: 4100 })
    expect(tesseraProvider()).toBeUndefined()
    expect(changes).toEqual([0])
    expect(tesseraWallet()).toBeUndefined()

    // Signed in again: the same provider (one uuid per page load) has the account back.
    await testbed.login(client)
    await expect.poll(() => accountsChanged).toEqual([[], [ethereum]])
    expect(tesseraProvider()).toMatchObject({ info: { uuid: info.uuid }, provider })
    expect(changes).toEqual([0, 1])
  })

  it('announces nothing when the app’s setting is off', async () => {
    const { client } = await signedIn(false)
    // The wallets are ready and usable; give any announcement its chance to run.
    await client.embeddedWallets.getEthereumProvider()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(tesseraProvider()).toBeUndefined()
    expect(tesseraWallet()).toBeUndefined()
  })

  it('solana:signIn signs the Sign In With Solana text of every input field with the wallet key, after the user approves it', async () => {
    const { client, solana } = await signedIn(true)
    await expect.poll(() => tesseraWallet()?.accounts.length).toBe(1)
    const wallet = tesseraWallet()!
    expect(wallet.accounts[0]!.features).toContain('solana:signIn')
    client.on('walletPrompt', ({ screen }) => void screen)
    const input: SolanaSignInInput = {
      domain: 'shop.example',
      address: solana,
      statement: 'Sign in to the shop',
      uri: 'https://shop.example/login',
      version: '1',
      chainId: 'solana:devnet',
      nonce: 'n0nce123',
      issuedAt: '2026-11-27T21:00:00.000Z',
      expirationTime: '2026-11-27T22:00:00.000Z',
      notBefore: '2026-11-27T20:59:00.000Z',
      requestId: 'req-7',
      resources: ['https://shop.example/terms', 'ipfs://bafy'],
    }
    const signing = (wallet.features['solana:signIn'] as SignInFeature).signIn(input)
    // The same confirmation as solana:signMessage shows the text the user signs.
    const text = `shop.example wants you to sign in with your Solana account:\n${solana}\n\nSign in to the shop\n\nURI: https://shop.example/login\nVersion: 1\nChain ID: solana:devnet\nNonce: n0nce123\nIssued At: 2026-11-27T21:00:00.000Z\nExpiration Time: 2026-11-27T22:00:00.000Z\nNot Before: 2026-11-27T20:59:00.000Z\nRequest ID: req-7\nResources:\n- https://shop.example/terms\n- ipfs://bafy`
    await expect
      .poll(() => client.embeddedWallets.getState().confirmations?.[0])
      .toMatchObject({ kind: 'sign-message', chainType: 'solana', message: text, status: 'ready' })
    ;(client.embeddedWallets.getState().confirmations![0]! as { approve(): void }).approve()
    const [output] = await signing
    expect(output!).toMatchObject({ account: { address: solana }, signatureType: 'ed25519' })
    expect(new TextDecoder().decode(output!.signedMessage)).toBe(text)
    expect(ed25519.verify(output!.signature, output!.signedMessage, decodeBase58(solana)!)).toBe(true)
    expect(verifySignIn(input, output!)).toBe(true)
  })

  it('solana:signIn without input fields signs in the page’s domain with the wallet’s address; another address is refused', async () => {
    const { solana } = await signedIn(true)
    await expect.poll(() => tesseraWallet()?.accounts.length).toBe(1)
    const feature = tesseraWallet()!.features['solana:signIn'] as SignInFeature
    const [output] = await feature.signIn({})
    expect(new TextDecoder().decode(output!.signedMessage)).toBe(`app.example wants you to sign in with your Solana account:\n${solana}`)
    expect(ed25519.verify(output!.signature, output!.signedMessage, decodeBase58(solana)!)).toBe(true)
    await expect(feature.signIn({ address: Keypair.generate().publicKey.toBase58() })).rejects.toMatchObject({ code: 4100 })
    await expect(feature.signIn({ nonce: 42 as unknown as string })).rejects.toMatchObject({ code: 4200, message: 'Invalid params' })
  })

  it('the client’s getSolanaStandardWallet() is the wallet the page’s dapps find, with the user’s account even when nothing is announced', async () => {
    const announced = await signedIn(true)
    await expect.poll(() => tesseraWallet()?.accounts.length).toBe(1)
    expect(await announced.client.embeddedWallets.getSolanaStandardWallet()).toBe(tesseraWallet())
    await testbed.close()

    const { client, solana } = await signedIn(false)
    const wallet = await client.embeddedWallets.getSolanaStandardWallet()
    expect(wallet.accounts.map((account) => account.address)).toEqual([solana])
    expect(tesseraWallet()).toBeUndefined()
    const message = new TextEncoder().encode('not announced')
    const [signed] = await (wallet.features['solana:signMessage'] as SignMessageFeature).signMessage({ account: wallet.accounts[0]!, message })
    expect(ed25519.verify(signed!.signature, message, decodeBase58(solana)!)).toBe(true)
    await client.logout()
    await expect.poll(() => wallet.accounts).toEqual([])
  })
})
