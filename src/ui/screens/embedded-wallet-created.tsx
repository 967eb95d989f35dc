import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react'
import { randomUuid, type TesseraClient } from '../../core/index.js'
import { useT } from '../copy/embedded-wallets.js'
import { useModal } from '../modal-context.js'
import { SUCCESS_SCREEN_DELAY_MS } from '../modal-timing.js'
import { ScreenHeader } from '../primitives/screen-header.js'
import * as styles from '../styles/modal.css.js'
import { useConfigState } from '../client-slices/config.js'

// The funding screens load only for an app that prompts for funding after creation.
const FundingView = lazy(() => import('./funding/funding-view.js').then(({ FundingView }) => ({ default: FundingView })))

/** The wallet a creation prompt funds: the user's primary embedded Ethereum wallet. */
function createdEthereumWallet(client: TesseraClient): string | null {
  const ethereum = client.embeddedWallets.getState().wallets.filter((wallet) => wallet.chainType === 'ethereum')
  return (ethereum.find((wallet) => wallet.walletIndex === 0) ?? ethereum[0])?.address ?? null
}

/**
 * The wallet-created screen (wallet spec, "Screens and routes"): 'Welcome to {app}' and "You've successfully created an account."
 * for a new user, else 'All set!' and 'Your account is secured.'; after the success delay it closes, or, when the app
 * sets `prompt_funding_on_wallet_creation`, goes on to the funding screens for the new Ethereum wallet (an inline
 * session shown here). The held login is reported when the modal finishes: closing itself, or once that session ends.
 */
export default function EmbeddedWalletCreated() {
  const t = useT()
  const { client, heldLogin, finishLogin } = useModal()
  const { appName, fundingConfig } = useConfigState(client).config
  const promptFunding = Boolean(fundingConfig?.prompt_funding_on_wallet_creation)
  const [fundingId, setFundingId] = useState<string | null>(null)

  // Once: the timer, the session's end and its close button may each finish. Unmounted (the modal closed meanwhile),
  // the modal reported the login itself.
  const finished = useRef(false)
  useEffect(() => {
    finished.current = false
    return () => void (finished.current = true)
  }, [])
  const finish = useCallback(() => {
    if (finished.current || !heldLogin) return
    finished.current = true
    finishLogin(heldLogin)
  }, [heldLogin, finishLogin])

  useEffect(() => {
    if (!heldLogin) return
    const timer = setTimeout(() => {
      const address = promptFunding ? createdEthereumWallet(client) : null
      if (!address) return finish()
      const id = `wallet-created-funding-${randomUuid()}`
      setFundingId(id)
      // Refused (funding off, the chain not offered): the login finishes as without the prompt.
      client.funding.fundWallet({ address }, { inline: true, id }).catch(finish)
    }, SUCCESS_SCREEN_DELAY_MS)
    return () => clearTimeout(timer)
  }, [client, heldLogin, promptFunding, finish])

  if (!heldLogin) return null
  if (fundingId)
    return (
      <Suspense fallback={<p className={styles.message}>{t('modal.loading')}</p>}>
        <FundingView client={client} standalone={false} inlineId={fundingId} onClose={finish} />
      </Suspense>
    )
  const { isNewUser } = heldLogin
  const title = isNewUser
    ? t('embeddedWallets.created.welcome') + (appName ? t('embeddedWallets.created.welcomeTo', { app: appName }) : '')
    : t('embeddedWallets.created.allSet')
  return (
    <>
      <ScreenHeader title={title} />
      <div part="body" className={`${styles.body} ${styles.centred}`}>
        <p role="status" part="embedded-wallet-created" className={styles.message}>
          {isNewUser ? t('embeddedWallets.created.newUser') : t('embeddedWallets.created.returning')}
        </p>
      </div>
    </>
  )
}
