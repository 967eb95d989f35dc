import { lazy, Suspense, useId, useState } from 'react'
import { useT } from '../copy/en.js'
import { InfoIcon } from '../icons/method-icons.js'
import * as landingStyles from '../styles/landing.css.js'
import * as styles from '../styles/modal.css.js'

// The panel and its copy load with the first click: the landing draws only the button.
const InfoPanel = lazy(() => import('./info-panel.js'))

/** The header's info button and the 'About logging in' panel it discloses. */
export function useInfoDisclosure() {
  const t = useT()
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
    <Suspense fallback={null}>
      <InfoPanel id={panelId} onClose={() => setOpen(false)} />
    </Suspense>
  )
  return { button, panel }
}
