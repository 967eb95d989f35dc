/** The 'About logging in' panel the landing's info button discloses (info-button.tsx): loaded with the first click. */
import { useT } from '../copy/info.js'
import * as landingStyles from '../styles/landing.css.js'
import * as styles from '../styles/modal.css.js'

export default function InfoPanel({ id, onClose }: { id: string; onClose(): void }) {
  const t = useT()
  return (
    <section id={id} part="info-panel" className={landingStyles.popover} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={landingStyles.popoverTitle}>
        {t('landing.info.title')}
      </h3>
      <p className={styles.message}>{t('landing.info.body')}</p>
      <button type="button" className={styles.linkButton} onClick={onClose}>
        {t('landing.info.close')}
      </button>
    </section>
  )
}
