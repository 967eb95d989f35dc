import { renderToString } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { AuthModalElement, AuthModalRequest } from '../../elements/index.js'
import { TesseraContext } from '../context.js'
import { startMfaClient, type MfaClientDouble } from '../test-support/mfa-client.js'
import { useMfaEnrollment, type UseMfaEnrollmentResult } from '../index.js'

let double: MfaClientDouble
beforeEach(async () => {
  double = await startMfaClient()
})
afterEach(() => double.close())

/** The provider's context with its modal observed: what the hook asks of it. */
function renderHook() {
  const opened: AuthModalRequest[] = []
  const modal = { open: true } as AuthModalElement
  let hook: UseMfaEnrollmentResult | undefined
  function Probe() {
    hook = useMfaEnrollment()
    return null
  }
  renderToString(
    <TesseraContext.Provider value={{ client: double.client, openModal: (request) => void opened.push(request!), modal }}>
      <Probe />
    </TesseraContext.Provider>,
  )
  return { hook: hook!, opened, modal }
}

describe('useMfaEnrollment', () => {
  it('opens the modal on the MFA method chooser for a signed-in user, and closes it', () => {
    const { hook, opened, modal } = renderHook()
    hook.showMfaEnrollmentModal()
    expect(opened).toEqual([{ intent: 'wallet', screen: 'mfa:enroll' }])
    hook.closeMfaEnrollmentModal()
    expect(modal.open).toBe(false)
  })

  it('opens nothing without a signed-in user', async () => {
    await double.client.logout()
    const { hook, opened } = renderHook()
    hook.showMfaEnrollmentModal()
    expect(opened).toEqual([])
  })
})
