import { useEffect, useState } from 'react'
import { t } from '../copy/wallets.js'
import * as styles from '../styles/modal.css.js'

type QrCodeModule = typeof import('qrcode') & { default?: typeof import('qrcode') }

/** Document 2 §9: the wallet picker's QR code is 280 px, error correction level Q. */
export const WALLET_QR_SIZE = 280

/** A URI as a QR code image; the `qrcode` library loads with it, never with the landing. */
export function QrCode({ uri, label, part }: { uri: string; label: string; part: string }) {
  const [svg, setSvg] = useState<string | null>(null)
  useEffect(() => {
    let live = true
    void import('qrcode')
      // A CommonJS package: the bundle may hand its exports over as the default.
      .then((qrcode: QrCodeModule) => (qrcode.default ?? qrcode).toString(uri, { type: 'svg', margin: 1, width: WALLET_QR_SIZE, errorCorrectionLevel: 'Q' }))
      .then((markup) => live && setSvg(markup))
      .catch(() => live && setSvg(null))
    return () => {
      live = false
    }
  }, [uri])
  return (
    <div style={{ width: WALLET_QR_SIZE, height: WALLET_QR_SIZE }}>
      {svg ? (
        <img part={part} src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`} width={WALLET_QR_SIZE} height={WALLET_QR_SIZE} alt={label} />
      ) : (
        <p className={styles.message}>{t('modal.loading')}</p>
      )}
    </div>
  )
}
