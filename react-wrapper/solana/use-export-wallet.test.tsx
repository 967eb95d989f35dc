import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { AuthModalRequest } from '../../elements/index.js'
import { TesseraContext } from '../context.js'
import { embeddedClientDouble, type EmbeddedClientDouble } from '../test-support/embedded-client.js'
import { renderToString } from 'react-dom/server'
import { useExportWallet, type UseSolanaExportWalletResult } from './index.js'

let double: EmbeddedClientDouble
beforeEach(() => {
  double = embeddedClientDouble('tessera-test-app-00000176')
})
afterEach(() => double.destroy())

describe('useExportWallet (tessera/react/solana)', () => {
  it("opens the modal's export screen for the first embedded Solana wallet, or the one named", async () => {
    await double.client.embeddedWallets.create()
    const solana = await double.client.embeddedWallets.create({ chainType: 'solana' })
    const opened: (AuthModalRequest | undefined)[] = []
    let hook: UseSolanaExportWalletResult | undefined
    function Probe() {
      hook = useExportWallet()
      return null
    }
    renderToString(
      <TesseraContext.Provider value={{ client: double.client, openModal: (request) => opened.push(request), modal: null }}>
        <Probe />
      </TesseraContext.Provider>,
    )
    hook!.exportWallet()
    hook!.exportWallet({ address: 'another' })
    expect(opened).toEqual([
      { intent: 'wallet', screen: 'key:export', address: solana.address },
      { intent: 'wallet', screen: 'key:export', address: 'another' },
    ])
  })
})
