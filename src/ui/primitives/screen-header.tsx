import type { ReactNode } from 'react'
import { useT } from '../copy/en.js'
import { useModal } from '../modal-context.js'
import * as styles from '../styles/modal.css.js'
import { titleId } from './modal-shell.js'

/** Header with an optional back button (or another leading control, such as info), the title and (outside standalone mode) the close button. */
export function ScreenHeader({ title, onBack, leading }: { title: string; onBack?: () => void; leading?: ReactNode }) {
  const t = useT()
  const { standalone, close } = useModal()
  return (
    <div part="header" className={styles.header}>
      {onBack ? (
        <button type="button" part="back-button" className={styles.backButton} aria-label={t('modal.back')} onClick={onBack}>
          <span aria-hidden="true">←</span>
        </button>
      ) : (
        leading
      )}
      <h2 id={titleId} part="title" className={styles.title}>
        {title}
      </h2>
      {!standalone && (
        <button type="button" part="close-button" className={styles.closeButton} aria-label={t('modal.close')} onClick={close}>
          <span aria-hidden="true">×</span>
        </button>
      )}
    </div>
  )
}
