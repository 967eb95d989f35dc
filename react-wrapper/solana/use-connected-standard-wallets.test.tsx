import { ed25519 } from '@noble/curves/ed25519.js'
import { VersionedTransaction } from '@solana/web3.js'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import type { TesseraClient } from '../../src/core/index.js'
import { TEST_APP_ID } from '../../src/core/test-support/fixtures.js'
import { fakePage, registerStandardWallet, standardWallet } from '../../src/core/wallets/test-support/fake-page.js'
import { createTestSolanaWallet } from '../../src/core/wallets/test-support/solana-wallet.js'
import { startWalletsTestbed, type WalletsTestbed } from '../../src/core/wallets/test-support/wallets-testbed.js'
import { TesseraProvider } from '../index.js'
import { embeddedClientDouble, type EmbeddedClientDouble } from '../test-support/embedded-client.js'
import { installSolanaProvider, signedBy } from '../test-support/solana-provider.js'
import {
  useConnectedStandardWallets,
  useStandardSignAndSendTransaction,
  useStandardSignMessage,
  useStandardSignTransaction,
  type UseConnectedStandardWalletsResult,
  type UseStandardSignAndSendTransactionResult,
  type UseStandardSignMessageResult,
  type UseStandardSignTransactionResult,
} from './index.js'

interface Hooks {
  wallets: UseConnectedStandardWalletsResult
  message: UseStandardSignMessageResult
  transaction: UseStandardSignTransactionResult
  send: UseStandardSignAndSendTransactionResult
}
const hooks = {} as Hooks
function Probe() {
  hooks.wallets = useConnectedStandardWallets()
  hooks.message = useStandardSignMessage()
  hooks.transaction = useStandardSignTransaction()
  hooks.send = useStandardSignAndSendTransaction()
  return null
}

let double: EmbeddedClientDouble | undefined
let testbed: WalletsTestbed | undefined
afterEach(async () => {
  double?.destroy()
  double = undefined
  ;(globalThis as Record<symbol, Map<string, TesseraClient>>)[Symbol.for('tessera.client')]?.delete(TEST_APP_ID)
  await testbed?.close()
  testbed = undefined
})

describe('useConnectedStandardWallets and the standard sign hooks', () => {
  it('give the embedded Solana wallet in the byte shape: message, transaction and send bytes signed by its key', async () => {
    double = embeddedClientDouble('tessera-test-app-00000173')
    const wallet = await installSolanaProvider(double)
    double.render(<Probe />)
    expect(hooks.wallets.wallets.map(({ address, standardWallet }) => [address, standardWallet.name])).toEqual([[wallet.address, 'Tessera']])
    const standard = hooks.wallets.wallets[0]!

    const message = new TextEncoder().encode('standard message')
    const { signature } = await hooks.message.signMessage({ message, wallet: standard })
    expect(ed25519.verify(signature, message, wallet.keypair.publicKey.toBytes())).toBe(true)

    const { signedTransaction } = await hooks.transaction.signTransaction({
      transaction: wallet.transfer().serialize(),
      wallet: standard,
      chain: 'solana:devnet',
    })
    expect(signedBy(VersionedTransaction.deserialize(signedTransaction), wallet.keypair)).toBe(true)

    const sent = await hooks.send.signAndSendTransaction({ transaction: wallet.transfer().serialize(), wallet: standard })
    expect(sent.signature).toHaveLength(64)
    expect(wallet.calls.map(({ method, options }) => [method, options])).toEqual([
      ['signMessage', undefined],
      ['signTransaction', { cluster: 'solana:devnet' }],
      ['signAndSendTransaction', {}],
    ])
  })

  it('give a connected external Solana wallet too, signing through the wallet itself', async () => {
    testbed = await startWalletsTestbed()
    const page = fakePage()
    const keys = createTestSolanaWallet()
    registerStandardWallet(page, standardWallet(keys, { name: 'Phantom' }))
    const client = await testbed.newClient(page)
    ;((globalThis as Record<symbol, Map<string, TesseraClient>>)[Symbol.for('tessera.client')] ??= new Map()).set(TEST_APP_ID, client)
    await client.wallets.connect('Phantom')
    renderToString(
      <TesseraProvider appId={TEST_APP_ID} apiUrl={testbed.api.url}>
        <Probe />
      </TesseraProvider>,
    )
    expect(hooks.wallets.wallets.map(({ address, standardWallet }) => [address, standardWallet.name])).toEqual([[keys.address, 'Phantom']])
    const message = new TextEncoder().encode('to Phantom')
    const { signature } = await hooks.message.signMessage({ message, wallet: hooks.wallets.wallets[0]! })
    expect(ed25519.verify(signature, message, keys.publicKey)).toBe(true)
  })
})
