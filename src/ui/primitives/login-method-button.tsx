import type { ReactNode } from 'react'
import { useT } from '../copy/en.js'
import * as styles from '../styles/landing.css.js'

interface LoginMethodButtonProps {
  icon: ReactNode
  label: string
  /** Shows the 'Recent' chip: the method of the last sign-in on this device. */
  recent?: boolean
  disabled?: boolean
  part?: string
  onClick(): void
}

/** One landing row: icon, label and the optional 'Recent' chip. */
export function LoginMethodButton({ icon, label, recent = false, disabled = false, part = 'method-button', onClick }: LoginMethodButtonProps) {
  const t = useT()
  return (
    <button type="button" part={part} className={styles.methodButton} disabled={disabled} onClick={onClick}>
      {icon}
      <span part="method-label" className={styles.methodLabel}>
        {label}
      </span>
      {recent && (
        <span part="recent-chip" className={styles.recentChip}>
          {t('landing.recent')}
        </span>
      )}
    </button>
  )
}
