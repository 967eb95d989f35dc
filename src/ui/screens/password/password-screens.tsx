/**
 * The password and recovery group (wallet spec, "Screens and routes": "Recovery method selection", "Password setup wizard"; "States and transitions": "Password
 * wizard"): one component for all its screens, so the password typed on the create step stays in component state
 * (never stored, never logged) through save, confirm and acknowledge, and so does the flow's mode.
 */
import { useEffect, useRef, useState } from 'react'
import { useModal } from '../../modal-context.js'
import type { WalletFlowScreen } from '../wallet-flows/screens.js'
import { passwordFlowModeOf } from './flow.js'
import { PasswordAcknowledge } from './password-acknowledge.js'
import { PasswordAutoSecure } from './password-auto-secure.js'
import { PasswordConfirm } from './password-confirm.js'
import { PasswordCreate } from './password-create.js'
import { PasswordDone, type SetPasswordOutcome } from './password-done.js'
import { PasswordEnter } from './password-enter.js'
import { PasswordSave } from './password-save.js'
import { RecoverySelect } from './recovery-select.js'
import { RecoverySignInAgain } from './recovery-sign-in-again.js'
import { RecoverySplash } from './recovery-splash.js'

export default function PasswordScreens({ screen }: { screen: WalletFlowScreen }) {
  const { client } = useModal()
  const [password, setPassword] = useState('')
  const [outcome, setOutcome] = useState<SetPasswordOutcome | null>(null)
  const [mode] = useState(() => passwordFlowModeOf(client.embeddedWallets.getState()))
  // Set once the login's creation has run (made the wallets, or failed and logged out itself).
  const creationSettled = useRef(false)
  // Leaving create-with-password before its wallets exist (closing the modal) ends the login, as a failed creation does.
  useEffect(() => () => void (mode === 'create' && !creationSettled.current && client.logout()), [client, mode])
  switch (screen) {
    case 'recovery:select':
      return <RecoverySelect onCreationHandedOff={() => void (creationSettled.current = true)} />
    case 'recovery:splash':
      return <RecoverySplash />
    case 'recovery:sign-in-again':
      return <RecoverySignInAgain />
    case 'password:create':
      return <PasswordCreate password={password} onChange={setPassword} />
    case 'password:save':
      return <PasswordSave password={password} />
    case 'password:confirm':
      return <PasswordConfirm password={password} />
    case 'password:acknowledge':
      return <PasswordAcknowledge password={password} mode={mode} onOutcome={setOutcome} onCreationSettled={() => void (creationSettled.current = true)} />
    case 'password:done':
      return <PasswordDone outcome={outcome} />
    case 'password:enter':
      return <PasswordEnter />
    case 'password:auto-secure':
      return <PasswordAutoSecure />
    default:
      return null
  }
}
