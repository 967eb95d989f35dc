import { useEffect, useState } from 'react'
import { t } from '../copy/farcaster.js'
import * as styles from '../styles/modal.css.js'

type QrCodeModule = typeof import('qrcode') & { default?: typeof import('qrcode') }

/** Document 1 §2: the Farcaster QR code is 275 px square. */
export const FARCASTER_QR_SIZE = 275

/** The connect URI as a QR code; the `qrcode` library loads with it. */
export function FarcasterQrCode({ uri }: { uri: string }) {
  const [svg, setSvg] = useState<string | null>(null)
  useEffect(() => {
    let live = true
    void import('qrcode')
      // A CommonJS package: the bundle may hand its exports over as the default.
      .then((qrcode: QrCodeModule) => (qrcode.default ?? qrcode).toString(uri, { type: 'svg', margin: 1, width: FARCASTER_QR_SIZE, errorCorrectionLevel: 'M' }))
      .then((markup) => live && setSvg(markup))
      .catch(() => live && setSvg(null))
    return () => {
      live = false
    }
  }, [uri])
  return (
    <div style={{ width: FARCASTER_QR_SIZE, height: FARCASTER_QR_SIZE }}>
      {svg ? (
        <img part="farcaster-qr-code" src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`} width={FARCASTER_QR_SIZE} height={FARCASTER_QR_SIZE} alt={t('farcaster.qr.label')} />
      ) : (
        <p className={styles.message}>{t('modal.loading')}</p>
      )}
    </div>
  )
}
