import { useEffect, useState } from 'react'
import { t } from '../copy/en.js'
import * as styles from '../styles/modal.css.js'

type QrCodeModule = typeof import('qrcode') & { default?: typeof import('qrcode') }

export interface QrCodeProps {
  uri: string
  /** The image's accessible name. */
  label: string
  part: string
  /** Square size in CSS pixels. */
  size: number
  errorCorrectionLevel: 'L' | 'M' | 'Q' | 'H'
}

/** A URI as a QR code image (Farcaster, WalletConnect); the `qrcode` library loads with it, never with the landing. */
export function QrCode({ uri, label, part, size, errorCorrectionLevel }: QrCodeProps) {
  const [svg, setSvg] = useState<string | null>(null)
  useEffect(() => {
    let live = true
    void import('qrcode')
      // A CommonJS package: the bundle may hand its exports over as the default.
      .then((qrcode: QrCodeModule) => (qrcode.default ?? qrcode).toString(uri, { type: 'svg', margin: 1, width: size, errorCorrectionLevel }))
      .then((markup) => live && setSvg(markup))
      .catch(() => live && setSvg(null))
    return () => {
      live = false
    }
  }, [uri, size, errorCorrectionLevel])
  return (
    <div style={{ width: size, height: size }}>
      {svg ? (
        <img part={part} src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`} width={size} height={size} alt={label} />
      ) : (
        <p className={styles.message}>{t('modal.loading')}</p>
      )}
    </div>
  )
}
