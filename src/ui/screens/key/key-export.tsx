import { useEffect, useRef, useState } from 'react'
import type { KeyExportFrame } from '../../../core/index.js'
import { useT } from '../../copy/key-export.js'
import { useModal } from '../../modal-context.js'
import { ScreenHeader } from '../../primitives/screen-header.js'
import * as styles from '../../styles/modal.css.js'
import { WalletCard } from './wallet-card.js'

/** Tall enough for the frame's buttons and a wrapped key or 24-word phrase: the frame has no scrollbar. */
const FRAME_HEIGHT = 184
const frameStyle = { width: '100%', height: FRAME_HEIGHT, border: 'none', colorScheme: 'normal' } as const

/**
 * 'Export wallet' (funding spec, "Screens and routes": "Key export"): the instruction, the warning, the wallet card and the export frame. The
 * key is shown and copied inside the frame (on the API origin) only; this page answers its token requests and never
 * sees the key (docs/security.md #48). Closing reports the export as completed.
 */
export function KeyExport() {
  const t = useT()
  const { client, request } = useModal()
  const address = request.intent === 'wallet' ? request.address : undefined
  const [exportFrame, setExportFrame] = useState<KeyExportFrame | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const iframe = useRef<HTMLIFrameElement>(null)

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new translator (locale) must not open the export frame again
  useEffect(() => {
    let live = true
    const wallets = client.embeddedWallets.getState().wallets
    const target = address ?? wallets.find((wallet) => wallet.chainType === 'ethereum')?.address ?? wallets[0]?.address
    if (!target) {
      setFailure(t('keyExport.notFound'))
      return
    }
    client.embeddedWallets.keyExportFrame({ address: target }).then(
      (opened) => live && setExportFrame(opened),
      (error: { code?: string }) => live && setFailure(error?.code === 'embedded_wallet_not_found' ? t('keyExport.notFound') : t('keyExport.failed')),
    )
    return () => void (live = false)
  }, [client, address])

  useEffect(() => {
    const frameWindow = iframe.current?.contentWindow
    if (!exportFrame || !frameWindow) return
    const stop = exportFrame.serve(frameWindow)
    return () => {
      stop()
      exportFrame.finish()
    }
  }, [exportFrame])

  return (
    <>
      <ScreenHeader title={t('keyExport.title')} />
      <div part="body" className={styles.body}>
        <p className={styles.message}>{t('keyExport.description')}</p>
        <p part="export-warning" className={styles.message}>
          <strong>{t('keyExport.warning')}</strong>
        </p>
        {exportFrame && <WalletCard wallet={exportFrame.wallet} />}
        {exportFrame ? (
          <iframe ref={iframe} part="export-frame" title={t('keyExport.frame')} src={exportFrame.url} allow="clipboard-write" style={frameStyle} />
        ) : failure ? (
          <p part="error" role="alert" className={styles.errorText}>
            {failure}
          </p>
        ) : (
          <p role="status" className={styles.message}>
            {t('keyExport.loading')}
          </p>
        )}
      </div>
    </>
  )
}
