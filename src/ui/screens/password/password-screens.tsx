/**
 * The password and recovery group (document 2 §2 "Recovery method selection", "Password setup wizard", §4 "Password
 * wizard"): one component for all its screens, so the password typed on the create step stays in component state
 * (never stored, never logged) through save, confirm and acknowledge.
 */
import { useState } from 'react'
import type { WalletFlowScreen } from '../wallet-flows/screens.js'
import { PasswordAcknowledge } from './password-acknowledge.js'
import { PasswordAutoSecure } from './password-auto-secure.js'
import { PasswordConfirm } from './password-confirm.js'
import { PasswordCreate } from './password-create.js'
import { PasswordDone, type SetPasswordOutcome } from './password-done.js'
import { PasswordEnter } from './password-enter.js'
import { PasswordSave } from './password-save.js'
import { RecoverySelect } from './recovery-select.js'
import { RecoverySplash } from './recovery-splash.js'

export default function PasswordScreens({ screen }: { screen: WalletFlowScreen }) {
  const [password, setPassword] = useState('')
  const [outcome, setOutcome] = useState<SetPasswordOutcome | null>(null)
  switch (screen) {
    case 'recovery:select':
      return <RecoverySelect />
    case 'recovery:splash':
      return <RecoverySplash />
    case 'password:create':
      return <PasswordCreate password={password} onChange={setPassword} />
    case 'password:save':
      return <PasswordSave password={password} />
    case 'password:confirm':
      return <PasswordConfirm password={password} />
    case 'password:acknowledge':
      return <PasswordAcknowledge password={password} onOutcome={setOutcome} />
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
