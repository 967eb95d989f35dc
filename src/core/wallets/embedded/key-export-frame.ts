/**
 * The host side of the key export frame (funding spec, "Screens and routes": "Key export"): its URL on the API origin for one wallet, and the
 * answers to its token requests. The frame asks for the access token when the user clicks (never in the URL); when
 * the server wants MFA it asks again with `mfaRequired`, and the answer carries the user's MFA answer. The key itself
 * never reaches this page: nothing the frame posts carries it (docs/security.md #48).
 */
import {
  EXPORT_FRAME_PATH,
  EXPORT_FRAME_TOKEN,
  EXPORT_FRAME_TOKEN_REQUEST,
  exportFrameQuery,
  SERVER_WALLET_RECOVERY_METHOD,
  type ExportFrameParentMessage,
  type MfaSubmission,
} from '../../../protocol/index.js'
import type { Unsubscribe } from '../../listener.js'
import type { EmbeddedWallet, KeyExportFrame } from './types.js'

export interface KeyExportFrameOptions {
  apiUrl: string
  appId: string
  clientId?: string
  wallet: EmbeddedWallet
  window: Pick<Window, 'addEventListener' | 'removeEventListener'>
  getAccessToken(): Promise<string | null>
  /** The user's MFA answer, when the frame reports the server wants one. */
  answerMfa(): Promise<MfaSubmission | undefined>
  sendAnalyticsEvent(eventName: string, payload: Record<string, unknown>): void
}

export function keyExportFrameUrl({ apiUrl, appId, clientId, wallet }: Pick<KeyExportFrameOptions, 'apiUrl' | 'appId' | 'clientId' | 'wallet'>): URL {
  const url = new URL(`${apiUrl.replace(/\/+$/, '')}${EXPORT_FRAME_PATH.replace(':app_id', encodeURIComponent(appId))}`)
  url.searchParams.set(exportFrameQuery.entropyId, wallet.entropyId)
  url.searchParams.set(exportFrameQuery.entropyIdVerifier, wallet.entropyIdVerifier)
  url.searchParams.set(exportFrameQuery.hdWalletIndex, String(wallet.walletIndex))
  url.searchParams.set(exportFrameQuery.chainType, wallet.chainType)
  if (clientId) url.searchParams.set(exportFrameQuery.clientId, clientId)
  // A seed phrase exists for on-device HD wallets only: an imported key is just the key, a server-managed one was made alone.
  if (!wallet.imported && wallet.recoveryMethod !== SERVER_WALLET_RECOVERY_METHOD) url.searchParams.set(exportFrameQuery.phraseExport, 'true')
  return url
}

export function keyExportFrame(options: KeyExportFrameOptions): KeyExportFrame {
  const url = keyExportFrameUrl(options)
  return {
    url: url.href,
    wallet: options.wallet,
    serve(frameWindow): Unsubscribe {
      const onMessage = (event: MessageEvent) => {
        // Only the export iframe this screen mounted, on the API origin, is answered.
        if (event.source !== frameWindow || event.origin !== url.origin || typeof event.data !== 'object' || event.data === null) return
        const { event: name, id, mfaRequired } = event.data as Record<string, unknown>
        if (name !== EXPORT_FRAME_TOKEN_REQUEST || typeof id !== 'string' || id.length > 100) return
        void (async () => {
          const mfa = mfaRequired === true ? await options.answerMfa().catch(() => undefined) : undefined
          const accessToken = await options.getAccessToken().catch(() => null)
          const answer: ExportFrameParentMessage = { event: EXPORT_FRAME_TOKEN, id, accessToken, ...(mfa && { mfa }) }
          frameWindow.postMessage(answer, url.origin)
        })()
      }
      options.window.addEventListener('message', onMessage as EventListener)
      return () => options.window.removeEventListener('message', onMessage as EventListener)
    },
    finish: () => options.sendAnalyticsEvent('embedded_wallet_key_export_completed', { chain_type: options.wallet.chainType }),
  }
}
