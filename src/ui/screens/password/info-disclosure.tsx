import { useId, useState } from 'react'
import { useT } from '../../copy/password.js'
import * as styles from '../../styles/modal.css.js'
import * as passwordStyles from './password.css.js'

/** A help link that discloses a short explanation ('Why is this necessary?', 'Why do I need to secure my account?'). */
export function InfoDisclosure({ label, body, closeLabel }: { label: string; body: string; closeLabel?: string }) {
  const t = useT()
  const [open, setOpen] = useState(false)
  const id = useId()
  return (
    <>
      <button type="button" part="info-link" className={styles.linkButton} aria-expanded={open} aria-controls={id} onClick={() => setOpen((shown) => !shown)}>
        {label}
      </button>
      {open && (
        <section id={id} part="info-panel" className={passwordStyles.infoPanel} aria-label={label}>
          <p className={styles.message}>{body}</p>
          <button type="button" part="info-close" className={styles.linkButton} onClick={() => setOpen(false)}>
            {closeLabel ?? t('password.info.close')}
          </button>
        </section>
      )}
    </>
  )
}
