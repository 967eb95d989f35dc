import { useT } from '../../copy/password.js'
import { useModal } from '../../modal-context.js'
import { ScreenHeader } from '../../primitives/screen-header.js'
import * as styles from '../../styles/modal.css.js'
import { useEmbeddedWalletsState } from '../../client-slices/embedded-wallets.js'
import { isResetting, walletsOfRequest } from './flow.js'
import { generatePassword } from './generate-password.js'
import { PasswordField } from './password-field.js'
import { listOffendingCharacters, passwordProblem } from './password-rules.js'
import { PasswordStrengthMeter } from './password-strength-meter.js'

/** The error a password shows under its field, or null (wallet spec, "Validation rules"). */
export function passwordError(t: ReturnType<typeof useT>, password: string): string | null {
  const problem = passwordProblem(password)
  if (!problem) return null
  return problem.kind === 'too-short'
    ? t('password.error.tooShort')
    : t('password.error.invalidCharacters', { characters: listOffendingCharacters(problem.characters) })
}

/** Step 1, 'Set your password' (or 'Reset your password'): show/hide, generate and the strength meter. */
export function PasswordCreate({ password, onChange }: { password: string; onChange(password: string): void }) {
  const t = useT()
  const { client, navigation, request } = useModal()
  const { wallets } = useEmbeddedWalletsState(client)
  const error = passwordError(t, password)
  // Back goes to the recovery selection (or its splash) only when the user came from there.
  const cameFromSelection = navigation.getState().history.at(-1)?.startsWith('recovery:') ?? false
  return (
    <>
      <ScreenHeader
        title={isResetting(walletsOfRequest(request, wallets)) ? t('password.create.resetTitle') : t('password.create.title')}
        onBack={cameFromSelection ? navigation.back : undefined}
      />
      <form
        part="body"
        className={styles.body}
        onSubmit={(event) => {
          event.preventDefault()
          if (!error) navigation.navigate('password:save')
        }}
      >
        <p className={styles.message}>{t('password.create.description')}</p>
        <PasswordField
          label={t('password.field')}
          value={password}
          onChange={onChange}
          error={error}
          part="password-input"
          onGenerate={() => onChange(generatePassword())}
          autoFocus
        />
        <PasswordStrengthMeter password={password} />
        <button type="submit" part="submit-button" className={styles.primaryButton} disabled={!password || Boolean(error)}>
          {t('password.continue')}
        </button>
      </form>
    </>
  )
}
