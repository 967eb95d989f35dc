import type { OAuthProvider } from '../../protocol/index.js'
import * as styles from '../styles/landing.css.js'

/** Each provider's brand colour: the badge background behind its initial. */
const brandColours: Record<OAuthProvider, { background: string; initial: string }> = {
  google: { background: '#4285F4', initial: 'G' },
  twitter: { background: '#000000', initial: 'X' },
  discord: { background: '#5865F2', initial: 'D' },
  github: { background: '#181717', initial: 'GH' },
  spotify: { background: '#1DB954', initial: 'S' },
  instagram: { background: '#E4405F', initial: 'IG' },
  tiktok: { background: '#010101', initial: 'T' },
  line: { background: '#06C755', initial: 'L' },
  linkedin: { background: '#0A66C2', initial: 'in' },
  apple: { background: '#000000', initial: '' },
}

/** A small inline badge for a provider (decorative: the button's text names the provider). */
export function ProviderIcon({ provider }: { provider: OAuthProvider }) {
  const { background, initial } = brandColours[provider]
  return (
    <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <rect width="24" height="24" rx="6" fill={background} />
      <text x="12" y="16.5" textAnchor="middle" fontSize={initial.length > 1 ? 10 : 13} fontWeight="700" fontFamily="system-ui, sans-serif" fill="#ffffff">
        {initial}
      </text>
    </svg>
  )
}
