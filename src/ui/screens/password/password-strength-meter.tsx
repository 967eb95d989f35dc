import { useT } from '../../copy/password.js'
import * as passwordStyles from './password.css.js'
import { passwordStrength, type PasswordStrength } from './password-strength.js'

const levels: PasswordStrength[] = ['Weak', 'Medium', 'Strong']

/** Weak, Medium or Strong (wallet spec, "Validation rules"), as three bars and a line; nothing before the first character. */
export function PasswordStrengthMeter({ password }: { password: string }) {
  const t = useT()
  if (!password) return null
  const strength = passwordStrength(password)
  const level = levels.indexOf(strength)
  return (
    <div part="password-strength" data-strength={strength}>
      <div className={passwordStyles.meter} aria-hidden="true">
        {levels.map((name, index) => (
          <span key={name} className={passwordStyles.meterBar} data-filled={index <= level} />
        ))}
      </div>
      <p className={passwordStyles.strength} aria-live="polite">
        {t('password.strength', { strength: t(`password.strength.${strength}`) })}
      </p>
    </div>
  )
}
