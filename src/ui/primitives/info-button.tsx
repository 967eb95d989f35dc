import { useId, useState } from 'react'
import { t } from '../copy/en.js'
import { InfoIcon } from '../icons/method-icons.js'
import * as landingStyles from '../styles/landing.css.js'
import * as styles from '../styles/modal.css.js'

/** The header's info button and the 'About logging in' panel it discloses. */
export function useInfoDisclosure() {
  const [open, setOpen] = useState(false)
  const panelId = useId()
  const button = (
    <button
      type="button"
      part="info-button"
      className={`${styles.iconButton} ${landingStyles.infoButtonSlot}`}
      aria-label={t('landing.info.label')}
      aria-expanded={open}
      aria-controls={panelId}
      onClick={() => setOpen((value) => !value)}
    >
      <InfoIcon />
    </button>
  )
  const panel = open && (
    <section id={panelId} part="info-panel" className={landingStyles.popover} aria-labelledby={`${panelId}-title`}>
      <h3 id={`${panelId}-title`} className={landingStyles.popoverTitle}>
        {t('landing.info.title')}
      </h3>
      <p className={styles.message}>{t('landing.info.body')}</p>
      <button type="button" className={styles.linkButton} onClick={() => setOpen(false)}>
        {t('landing.info.close')}
      </button>
    </section>
  )
  return { button, panel }
}
