import type { ReactNode } from 'react'
import * as landingStyles from '../../styles/landing.css.js'

/** A decorative 24 px line glyph in the landing rows' style. */
function Glyph({ children }: { children: ReactNode }) {
  return (
    <svg
      className={landingStyles.icon}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  )
}

/** 'Pay with card'. */
export const CardIcon = () => (
  <Glyph>
    <rect x="3" y="5.5" width="18" height="13" rx="2" />
    <path d="M3 10h18M7 15h3" />
  </Glyph>
)

/** 'Transfer from an exchange': a building with columns. */
export const ExchangeIcon = () => (
  <Glyph>
    <path d="M3.5 9.5 12 4l8.5 5.5M5 20h14M6.5 11v6M10.5 11v6M13.5 11v6M17.5 11v6" />
  </Glyph>
)

/** 'Receive funds': an arrow into a tray. */
export const ReceiveIcon = () => (
  <Glyph>
    <path d="M12 4v11M7.5 10.5 12 15l4.5-4.5M4.5 15.5v3a1.5 1.5 0 0 0 1.5 1.5h12a1.5 1.5 0 0 0 1.5-1.5v-3" />
  </Glyph>
)
