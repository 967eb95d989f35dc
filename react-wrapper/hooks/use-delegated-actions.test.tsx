import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { AuthModalRequest } from '../../elements/index.js'
import type { TesseraClient } from '../../src/core/index.js'
import { TesseraContext } from '../context.js'
import { useDelegatedActions, type UseDelegatedActionsResult } from '../index.js'

const address = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94'

function renderHook() {
  const opened: (AuthModalRequest | undefined)[] = []
  const headless: unknown[] = []
  const client = {
    embeddedWallets: {
      delegateWallet: async (input: unknown) => void headless.push(['delegateWallet', input]),
      revokeWallets: async () => void headless.push(['revokeWallets']),
    },
  } as unknown as TesseraClient
  let hook: UseDelegatedActionsResult | undefined
  function Probe() {
    hook = useDelegatedActions()
    return null
  }
  renderToString(
    <TesseraContext.Provider value={{ client, openModal: (request) => opened.push(request), modal: null }}>
      <Probe />
    </TesseraContext.Provider>,
  )
  return { hook: hook!, opened, headless }
}

describe('useDelegatedActions', () => {
  it("opens the modal's consent and revoke views by default, calling nothing headless", async () => {
    const { hook, opened, headless } = renderHook()
    await hook.delegateWallet({ address, chainType: 'ethereum' })
    await hook.revokeWallets()
    expect(opened).toEqual([
      { intent: 'wallet', screen: 'delegation:consent', address },
      { intent: 'wallet', screen: 'delegation:revoke' },
    ])
    expect(headless).toEqual([])
  })

  it('without the prompt delegates and revokes through the client at once', async () => {
    const { hook, opened, headless } = renderHook()
    await hook.delegateWallet({ address, chainType: 'solana', showDelegatedActionsPrompt: false })
    await hook.revokeWallets({ showDelegatedActionsPrompt: false })
    expect(headless).toEqual([['delegateWallet', { address, chainType: 'solana' }], ['revokeWallets']])
    expect(opened).toEqual([])
  })
})
