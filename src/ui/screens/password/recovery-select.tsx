import { t } from '../../copy/password.js'
import { useModal } from '../../modal-context.js'
import { LoginMethodButton } from '../../primitives/login-method-button.js'
import { ScreenHeader } from '../../primitives/screen-header.js'
import * as styles from '../../styles/modal.css.js'
import { useEmbeddedWalletsState } from '../embedded-wallet-state.js'
import { isResetting, walletsOfRequest } from './flow.js'
import { InfoDisclosure } from './info-disclosure.js'
import { LockIcon } from './lock-icon.js'

/**
 * 'Secure your account' ('Update backup method' when the wallets have a user-owned method already; document 2 §2
 * "Recovery method selection"). A password is the one method built: setting one goes through the splash, a reset
 * straight to the wizard.
 */
export function RecoverySelect() {
  const { client, navigation, request } = useModal()
  const wallets = walletsOfRequest(request, useEmbeddedWalletsState(client).wallets)
  const resetting = isResetting(wallets)
  const changing = wallets.some((wallet) => wallet.recoveryMethod !== 'privy')
  return (
    <>
      <ScreenHeader title={changing ? t('recovery.select.updateTitle') : t('recovery.select.title')} />
      <div part="body" className={styles.body}>
        {/* 'Back up to Google Drive' and 'Back up to Apple iCloud' rows go here once the app config lists user-owned recovery options. */}
        <LoginMethodButton
          icon={<LockIcon />}
          label={resetting ? t('recovery.select.resetPassword') : t('recovery.select.password')}
          part="method-button recovery-password"
          onClick={() => navigation.navigate(resetting ? 'password:create' : 'recovery:splash')}
        />
        <InfoDisclosure label={t('recovery.select.why')} body={t('recovery.select.whyBody')} closeLabel={t('recovery.select.back')} />
      </div>
    </>
  )
}
