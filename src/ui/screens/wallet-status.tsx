import type { WalletFlowState } from '../../core/index.js'
import { useT } from '../copy/wallets.js'
import { WalletIcon } from '../icons/method-icons.js'
import { useModal } from '../modal-context.js'
import { ScreenHeader } from '../primitives/screen-header.js'
import * as landingStyles from '../styles/landing.css.js'
import * as styles from '../styles/modal.css.js'
import { QrCode } from '../primitives/qr-code.js'
import { lastWalletAttempt, tapsToSign, useConnectWallet, useSignWithWallet } from '../wallets/use-connect-wallet.js'
import { COPIED_TEXT_RESET_MS, useCopied } from '../primitives/use-copied.js'
import { isMobile } from '../primitives/is-mobile.js'
import { useWalletFlow } from '../client-slices/wallets.js'
import { walletErrorView, walletStatusCopy, walletStatusStep } from '../wallets/wallet-status-view.js'

/** Wallet spec, "Business constants and limits": the WalletConnect QR code is 280 px, error correction level Q. */
const WALLET_QR_SIZE = 280

/**
 * The wallet connection status (wallet spec, "Screens and routes"; sign-in spec, "States and transitions": "Wallet login flow", "Wallet errors"): waiting,
 * switching networks, sign to verify, signing, success; a WalletConnect pairing as a QR code with 'Copy link'
 * (or 'Open in app' on mobile); 'Could not connect with wallet' with the retry rules. Linking shows the same
 * texts (the connect-only variant).
 */
export function WalletStatus() {
  const t = useT()
  const { client, navigation } = useModal()
  const flow = useWalletFlow(client)
  const connect = useConnectWallet()
  const sign = useSignWithWallet()
  const { copied, copy } = useCopied(COPIED_TEXT_RESET_MS)
  const attempt = lastWalletAttempt(client)
  const name = { wallet: flow.wallet?.name ?? attempt?.walletName ?? '' }
  const step = walletStatusStep(flow)

  const again = () => attempt && connect(attempt)
  const startOver = () => {
    client.wallets.reset()
    again()
  }
  const toPicker = () => {
    client.wallets.reset()
    navigation.back()
  }

  if (step === 'error') return <WalletError flow={flow} onRetry={again} onBack={toPicker} />

  const mobile = isMobile()
  const copyText = walletStatusCopy(step, { mobile, pendingRequest: flow.pendingRequest })
  const uri = step === 'qr' ? flow.walletConnectUri : null
  const waiting = step === 'waiting' || step === 'qr' || step === 'sign'
  // Connected, and the user signs with a tap (mobile, in-app browsers): the prompt waits for 'Sign'.
  const connectedWallet =
    flow.status === 'connected' && tapsToSign(client) ? client.wallets.getConnected().find((wallet) => wallet.address === flow.address) : undefined
  return (
    <>
      <ScreenHeader title={t(copyText.title, name)} onBack={toPicker} />
      <div part="body" className={`${styles.body} ${styles.centred}`}>
        {uri && !mobile ? (
          <QrCode uri={uri} label={t('wallets.qr.alt', name)} part="wallet-qr-code" size={WALLET_QR_SIZE} errorCorrectionLevel="Q" />
        ) : (
          <span className={landingStyles.statusIcon}>
            <WalletIcon />
          </span>
        )}
        <div role="status" aria-live="polite" className={styles.centred}>
          {copyText.hint && (
            <p part="wallet-hint" className={styles.message}>
              {t(copyText.hint, name)}
            </p>
          )}
          {copied && (
            <p part="wallet-copied" className={styles.message}>
              {t('wallets.copied')}
            </p>
          )}
        </div>
        {uri &&
          (mobile ? (
            <a part="submit-button open-in-app" className={styles.primaryButton} href={uri} rel="noopener noreferrer">
              {t('wallets.openInApp')}
            </a>
          ) : (
            <button type="button" part="copy-link" className={styles.linkButton} onClick={() => void copy(uri)}>
              {t('wallets.copyLink')}
            </button>
          ))}
        {connectedWallet && (
          <button type="button" part="submit-button sign-button" className={styles.primaryButton} onClick={() => sign(connectedWallet)}>
            {t('wallets.sign')}
          </button>
        )}
        {waiting && attempt && (
          <button type="button" part="still-here" className={styles.linkButton} onClick={startOver}>
            {t('wallets.status.stillHere')}
          </button>
        )}
      </div>
    </>
  )
}

/** 'Could not connect with wallet' with what the failure allows: retry, another wallet, or cancel. */
function WalletError({ flow, onRetry, onBack }: { flow: WalletFlowState; onRetry(): void; onBack(): void }) {
  const t = useT()
  const view = walletErrorView(flow)
  return (
    <>
      <ScreenHeader title={t('wallets.error.title')} onBack={onBack} />
      <div part="body" className={`${styles.body} ${styles.centred}`}>
        <span className={landingStyles.statusIcon}>
          <WalletIcon />
        </span>
        <div role="alert" className={styles.centred}>
          <p part="error wallet-error" className={styles.message}>
            <strong>{t(view.message)}</strong>
          </p>
          {view.detail && (
            <p part="wallet-error-detail" className={styles.message}>
              {t(view.detail)}
            </p>
          )}
        </div>
        {view.retry && (
          <button type="button" part="submit-button retry-button" className={styles.primaryButton} onClick={onRetry}>
            {t('wallets.retry')}
          </button>
        )}
        {view.differentWallet && (
          <button type="button" part="submit-button different-wallet-button" className={styles.primaryButton} onClick={onBack}>
            {t('wallets.differentWallet')}
          </button>
        )}
        <button type="button" part="cancel-button" className={styles.linkButton} onClick={onBack}>
          {t('wallets.cancel')}
        </button>
      </div>
    </>
  )
}
