import { useT, type CopyKey } from '../copy/en.js'
import type { LoginMethodName } from '../landing/method-kind.js'
import { loginMethodUis } from '../login-methods.js'
import type { LandingMethod } from '../login-methods/route-list.js'
import * as styles from '../styles/landing.css.js'

/** The landing's method rows in order: each method's row (login-methods/<method>/method.tsx) opens its own screen or starts it. */
export function LoginMethodRows({
  methods,
  recent,
  walletLabel = 'landing.wallet.continue',
}: {
  methods: readonly LandingMethod[]
  recent: LoginMethodName | null
  walletLabel?: CopyKey
}) {
  const t = useT()
  return (
    <ul className={styles.methodList} aria-label={t('landing.methods')}>
      {methods.map((method) => (
        <li key={method}>{loginMethodUis.map((ui) => ui.row(method, { recent, walletLabel }))}</li>
      ))}
    </ul>
  )
}
