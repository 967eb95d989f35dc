import { DEFAULT_LANDING_HEADER, displayLoginMessage } from '../../core/index.js'
import { useT } from '../copy/en.js'
import { intentTitle } from '../landing/intent.js'
import { landingLayout, landingLayoutOptions, type LandingLayout } from '../landing/landing-layout.js'
import { withRequestedMethods } from '../landing/login-request.js'
import type { LandingMethod } from '../login-methods/route-list.js'
import { useModal } from '../modal-context.js'
import { EmailForm } from '../login-methods/email/email-form.js'
import { useInfoDisclosure } from '../primitives/info-button.js'
import { LegalFooter } from '../primitives/legal-footer.js'
import { LoginMethodButton } from '../primitives/login-method-button.js'
import { LoginMethodRows } from '../primitives/login-method-rows.js'
import { ScreenHeader } from '../primitives/screen-header.js'
import * as styles from '../styles/modal.css.js'
import { useConfigState } from '../client-slices/config.js'

/** The rows with the legacy layout's wallet shortcut on top (web3-first) or after them (web2-first). */
function withWalletShortcut({ rows, walletShortcut }: LandingLayout): LandingMethod[] {
  if (!walletShortcut) return rows
  return walletShortcut.position === 'first' ? ['wallet', ...rows] : [...rows, 'wallet']
}

/** A header the app configured, or null for the default one (which the copy translates). */
const customHeader = (header: string) => (header && header !== DEFAULT_LANDING_HEADER ? header : null)

/** The first screen: configured header, info button, logo, login message and the method rows of the layout. */
export function Landing() {
  const t = useT()
  const { client, request, navigation } = useModal()
  const { config } = useConfigState(client)
  const info = useInfoDisclosure()
  const loginMessage = displayLoginMessage(config.appearance.loginMessage)
  const emailIntent = intentTitle(request, 'email')

  // Linking or updating an email opens straight on the email form.
  if (emailIntent)
    return (
      <>
        <ScreenHeader title={t(emailIntent)} />
        <div part="body" className={styles.body}>
          <EmailForm />
        </div>
      </>
    )

  const layout = landingLayout(withRequestedMethods(config, request), landingLayoutOptions)
  const recent = client.getRecentLoginMethod()
  return (
    <>
      <ScreenHeader title={customHeader(config.appearance.landingHeader) ?? t('landing.header')} leading={info.button} />
      <div part="body" className={styles.body}>
        {info.panel}
        {config.appearance.logo && <img part="logo" className={styles.logo} src={config.appearance.logo} alt={t('landing.logoAlt', { app: config.appName })} />}
        {loginMessage && <p className={styles.message}>{loginMessage}</p>}
        <LoginMethodRows methods={withWalletShortcut(layout)} recent={recent} walletLabel={layout.walletShortcut?.label} />
        {layout.overflowLabel && (
          <LoginMethodButton
            part="method-button overflow-button"
            icon={null}
            label={t(layout.overflowLabel)}
            recent={recent !== null && (layout.overflow as readonly string[]).includes(recent)}
            onClick={() => navigation.navigate('more-options')}
          />
        )}
      </div>
      <LegalFooter legal={config.legal} />
    </>
  )
}
