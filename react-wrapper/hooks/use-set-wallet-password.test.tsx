import { describe, expect, it } from 'vitest'
import type { AuthModalRequest } from '../../elements/index.js'
import type { User } from '../../src/core/index.js'
import { embeddedClientDouble } from '../test-support/embedded-client.js'
import { useSetWalletPassword, useSetWalletRecovery } from '../index.js'
import { createWalletRecoveryFlow, WALLET_RECOVERY_SET_EVENT } from './wallet-recovery-flow.js'

function flowOverModal(authenticated = true) {
  const modal = new EventTarget()
  const opened: AuthModalRequest[] = []
  const flow = createWalletRecoveryFlow({ isAuthenticated: () => authenticated, open: (request) => void opened.push(request), modal })
  const user = { id: 'did:tessera:ada' } as User
  const announce = () => modal.dispatchEvent(new CustomEvent(WALLET_RECOVERY_SET_EVENT, { detail: { user, recoveryMethod: 'user-passcode' } }))
  const close = () => modal.dispatchEvent(new CustomEvent('modalclose'))
  return { flow, opened, user, announce, close }
}

describe('useSetWalletPassword and useSetWalletRecovery (the modal flow under them)', () => {
  it("opens the modal on the flow's first screen and resolves with the user the modal reports", async () => {
    const { flow, opened, user, announce, close } = flowOverModal()
    const setting = flow.start('password:create', { address: '0xabc' })
    expect(opened).toEqual([{ intent: 'wallet', screen: 'password:create', address: '0xabc' }])
    announce()
    // The modal closes after its success screen: the flow has already settled.
    close()
    await expect(setting).resolves.toEqual({ user })
    const selecting = flow.start('recovery:select')
    expect(opened.at(-1)).toEqual({ intent: 'wallet', screen: 'recovery:select' })
    announce()
    await expect(selecting).resolves.toEqual({ user })
  })

  it("rejects with 'Exited before password was added to wallet' when the modal closes first, or a second flow starts", async () => {
    const { flow, close } = flowOverModal()
    const first = flow.start('password:create')
    const second = flow.start('password:create')
    await expect(first).rejects.toMatchObject({ code: 'embedded_wallet_password_unconfirmed', shortMessage: 'Exited before password was added to wallet' })
    close()
    await expect(second).rejects.toMatchObject({ shortMessage: 'Exited before password was added to wallet' })
  })

  it('needs a signed-in user, and stops listening once disposed', async () => {
    const signedOut = flowOverModal(false)
    await expect(signedOut.flow.start('password:create')).rejects.toMatchObject({ code: 'must_be_authenticated' })
    expect(signedOut.opened).toEqual([])

    const { flow, announce } = flowOverModal()
    const pending = flow.start('password:create')
    flow.dispose()
    await expect(pending).rejects.toMatchObject({ code: 'embedded_wallet_password_unconfirmed' })
    announce()
  })

  it('the hooks render inside the provider and reject before the modal is mounted (server rendering)', async () => {
    const double = embeddedClientDouble('tessera-test-app-00000061')
    try {
      let setWalletPassword!: ReturnType<typeof useSetWalletPassword>['setWalletPassword']
      let setWalletRecovery!: ReturnType<typeof useSetWalletRecovery>['setWalletRecovery']
      function Probe() {
        ;({ setWalletPassword } = useSetWalletPassword())
        ;({ setWalletRecovery } = useSetWalletRecovery())
        return null
      }
      double.render(<Probe />)
      await expect(setWalletPassword()).rejects.toMatchObject({ code: 'embedded_wallet_request_error' })
      await expect(setWalletRecovery()).rejects.toMatchObject({ code: 'embedded_wallet_request_error' })
    } finally {
      double.destroy()
    }
  })
})
