import { useT } from '../copy/en.js'
import { landingLayout, landingLayoutOptions } from '../landing/landing-layout.js'
import { useModal } from '../modal-context.js'
import { LegalFooter } from '../primitives/legal-footer.js'
import { LoginMethodRows } from '../primitives/login-method-rows.js'
import { ScreenHeader } from '../primitives/screen-header.js'
import * as styles from '../styles/modal.css.js'
import { useConfigState } from '../client-slices/config.js'

/** The landing's overflow view: the methods behind the overflow or 'More options' button, with a back control. */
export default function MoreOptions() {
  const t = useT()
  const { client, navigation } = useModal()
  const { config } = useConfigState(client)
  const layout = landingLayout(config, landingLayoutOptions)
  return (
    <>
      <ScreenHeader title={layout.overflowLabel ? t(layout.overflowLabel) : t('landing.header')} onBack={() => navigation.back()} />
      <div part="body" className={styles.body}>
        <LoginMethodRows methods={layout.overflow} recent={client.getRecentLoginMethod()} />
      </div>
      <LegalFooter legal={config.legal} />
    </>
  )
}
