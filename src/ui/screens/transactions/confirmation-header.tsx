import { useT } from '../../copy/transactions.js'
import { titleId } from '../../primitives/modal-shell.js'
import * as styles from '../../styles/modal.css.js'

/**
 * The confirmation's header: the modal's layout (back, title, close) without the modal context, so `<confirm-tx>`
 * renders the same screens standalone; `onClose` absent (standalone) → no close button.
 */
export function ConfirmationHeader({ title, onBack, onClose }: { title: string; onBack?: (() => void) | undefined; onClose?: (() => void) | undefined }) {
  const t = useT()
  return (
    <div part="header" className={styles.header}>
      {onBack && (
        <button type="button" part="back-button" className={styles.backButton} aria-label={t('modal.back')} onClick={onBack}>
          <span aria-hidden="true">←</span>
        </button>
      )}
      <h2 id={titleId} part="title" className={styles.title}>
        {title}
      </h2>
      {onClose && (
        <button type="button" part="close-button" className={styles.closeButton} aria-label={t('modal.close')} onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
      )}
    </div>
  )
}
