import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { AuthModalRequest } from '../../elements/index.js'
import type { TesseraClient } from '../../src/core/index.js'
import { TesseraContext } from '../context.js'
import { useExportWallet, type UseExportWalletResult } from '../index.js'

function renderHook(openModal: (request?: AuthModalRequest) => void): UseExportWalletResult {
  let hook: UseExportWalletResult | undefined
  function Probe() {
    hook = useExportWallet()
    return null
  }
  renderToString(
    <TesseraContext.Provider value={{ client: {} as TesseraClient, openModal, modal: null }}>
      <Probe />
    </TesseraContext.Provider>,
  )
  return hook!
}

describe('useExportWallet', () => {
  it("opens the modal's 'Export wallet' screen for the wallet asked for, or the default one", () => {
    const opened: (AuthModalRequest | undefined)[] = []
    const { exportWallet } = renderHook((request) => opened.push(request))
    exportWallet({ address: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94' })
    exportWallet()
    expect(opened).toEqual([
      { intent: 'wallet', screen: 'key:export', address: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94' },
      { intent: 'wallet', screen: 'key:export' },
    ])
  })
})
