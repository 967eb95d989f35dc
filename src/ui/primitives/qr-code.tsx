import { useEffect, useState } from 'react'
import { useT } from '../copy/en.js'
import * as styles from '../styles/modal.css.js'

type QrCodeModule = typeof import('qrcode') & { default?: typeof import('qrcode') }

/** Light modules around the code, in modules (scanners need a quiet zone). */
const QUIET_ZONE = 1

export interface QrCodeProps {
  uri: string
  /** The image's accessible name. */
  label: string
  part: string
  /** Square size in CSS pixels. */
  size: number
  errorCorrectionLevel: 'L' | 'M' | 'Q' | 'H'
}

interface QrDrawing {
  /** Modules across, quiet zone included: the viewBox side. */
  side: number
  /** Every dark module as part of one path, a run of neighbours in a row at a time. */
  path: string
}

/**
 * A URI as a QR code (Farcaster, WalletConnect, receive, authenticator), drawn as inline SVG elements: no `data:` or
 * `blob:` image, so a host's `img-src` need not allow them. The `qrcode` library loads with it, never with the landing.
 */
export function QrCode({ uri, label, part, size, errorCorrectionLevel }: QrCodeProps) {
  const t = useT()
  const [drawing, setDrawing] = useState<QrDrawing | null>(null)
  useEffect(() => {
    let live = true
    void import('qrcode')
      // A CommonJS package: the bundle may hand its exports over as the default.
      .then((qrcode: QrCodeModule) => drawModules((qrcode.default ?? qrcode).create(uri, { errorCorrectionLevel }).modules))
      .then((drawn) => live && setDrawing(drawn))
      .catch(() => live && setDrawing(null))
    return () => {
      live = false
    }
  }, [uri, errorCorrectionLevel])
  return (
    <div style={{ width: size, height: size }}>
      {drawing ? (
        <svg part={part} role="img" aria-label={label} width={size} height={size} viewBox={`0 0 ${drawing.side} ${drawing.side}`} shapeRendering="crispEdges">
          <rect width={drawing.side} height={drawing.side} fill="#ffffff" />
          <path d={drawing.path} fill="#000000" />
        </svg>
      ) : (
        <p className={styles.message}>{t('modal.loading')}</p>
      )}
    </div>
  )
}

function drawModules(modules: { size: number; get(row: number, column: number): number | boolean }): QrDrawing {
  const runs: string[] = []
  for (let row = 0; row < modules.size; row++) {
    for (let column = 0; column < modules.size; column++) {
      if (!modules.get(row, column)) continue
      const start = column
      while (column + 1 < modules.size && modules.get(row, column + 1)) column++
      const length = column - start + 1
      runs.push(`M${start + QUIET_ZONE} ${row + QUIET_ZONE}h${length}v1h-${length}z`)
    }
  }
  return { side: modules.size + 2 * QUIET_ZONE, path: runs.join('') }
}
