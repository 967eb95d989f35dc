import { useT } from '../../copy/password.js'
import { useModal } from '../../modal-context.js'
import { ScreenHeader } from '../../primitives/screen-header.js'
import { COPIED_TEXT_RESET_MS, useCopied } from '../../primitives/use-copied.js'
import * as accessStyles from '../../styles/access-screens.css.js'
import * as styles from '../../styles/modal.css.js'
import { useConfigState } from '../../client-slices/config.js'
import * as passwordStyles from './password.css.js'
import { recoveryFileName } from './recovery-file-name.js'

/** Hands the password to the user as a text file, named by the rule of the wallet spec, "Business constants and limits"; nothing leaves the page. */
function download(password: string, appName: string): void {
  const url = URL.createObjectURL(new Blob([`${password}\n`], { type: 'text/plain' }))
  const link = document.createElement('a')
  link.href = url
  link.download = recoveryFileName(appName)
  link.click()
  setTimeout(() => URL.revokeObjectURL(url))
}

/** Step 2, 'Save your password': the password once more, with Copy and Download. */
export function PasswordSave({ password }: { password: string }) {
  const t = useT()
  const { client, navigation } = useModal()
  const { appName } = useConfigState(client).config
  const { copied, copy } = useCopied(COPIED_TEXT_RESET_MS)
  return (
    <>
      <ScreenHeader title={t('password.save.title')} onBack={navigation.back} />
      <div part="body" className={styles.body}>
        <p className={styles.message}>{t('password.save.description')}</p>
        <output part="saved-password" className={passwordStyles.passwordBox}>
          {password}
        </output>
        <div className={passwordStyles.buttonRow}>
          <button type="button" part="copy-password" className={accessStyles.secondaryButton} onClick={() => void copy(password)}>
            {copied ? t('password.save.copied') : t('password.save.copy')}
          </button>
          <button type="button" part="download-password" className={accessStyles.secondaryButton} onClick={() => download(password, appName)}>
            {t('password.save.download')}
          </button>
        </div>
        <button type="button" part="submit-button" className={styles.primaryButton} onClick={() => navigation.navigate('password:confirm')}>
          {t('password.continue')}
        </button>
      </div>
    </>
  )
}
