import { useT } from '../../copy/password.js'
import { useModal } from '../../modal-context.js'
import { LoginMethodButton } from '../../primitives/login-method-button.js'
import { ScreenHeader } from '../../primitives/screen-header.js'
import * as styles from '../../styles/modal.css.js'
import { useConfigState } from '../../client-slices/config.js'
import { CloudIcon } from '../cloud/cloud-icon.js'
import { startCloudTask } from '../cloud/cloud-task.js'
import { useEmbeddedWalletsState } from '../../client-slices/embedded-wallets.js'
import { awaitsRecoveryToCreate, isResetting, recoveryOptionsOf, walletsOfRequest } from './flow.js'
import { InfoDisclosure } from './info-disclosure.js'
import { LockIcon } from './lock-icon.js'

const cloudRows = [
  { provider: 'google-drive', label: 'recovery.select.googleDrive' },
  { provider: 'icloud', label: 'recovery.select.icloud' },
] as const

/**
 * 'Secure your account' ('Update backup method' when the wallets have a user-owned method already; wallet spec, "Screens and routes":
 * "Recovery method selection"): the app's user-owned methods. A password goes through the splash (a reset straight
 * to the wizard); a cloud row's click starts the backup, opening the provider's window inside it, and shows its
 * progress. The current cloud method is not offered again. When a login's creation waits for a user-owned recovery
 * (wallet spec, "States and transitions", create mode), the password row goes straight to creating the password and the Drive row creates
 * the login's wallets backed up to Drive; the cloud screen then owns the creation (`onCreationHandedOff`).
 */
export function RecoverySelect({ onCreationHandedOff }: { onCreationHandedOff(): void }) {
  const t = useT()
  const { client, navigation, request } = useModal()
  const state = useEmbeddedWalletsState(client)
  const wallets = walletsOfRequest(request, state.wallets)
  const offered = useConfigState(client).config.embeddedWallets.userOwnedRecoveryOptions ?? ['user-passcode']
  const creating = awaitsRecoveryToCreate(state)
  const resetting = isResetting(wallets)
  const changing = wallets.some((wallet) => wallet.recoveryMethod !== 'privy')
  const backUp = (provider: (typeof cloudRows)[number]['provider']) => {
    if (creating) {
      startCloudTask({ provider, result: client.embeddedWallets.createLoginWallets({ recoveryMethod: 'google-drive' }), creating: true })
      onCreationHandedOff()
    } else startCloudTask({ provider, result: client.embeddedWallets.setRecovery({ method: provider }, recoveryOptionsOf(request)) })
    navigation.navigate('cloud:backup')
  }
  return (
    <>
      <ScreenHeader title={changing ? t('recovery.select.updateTitle') : t('recovery.select.title')} />
      <div part="body" className={styles.body}>
        {cloudRows
          // Creating: only the Drive backup can make wallets (iCloud is an adapter interface only).
          .filter(
            ({ provider }) =>
              offered.includes(provider) && !wallets.some((wallet) => wallet.recoveryMethod === provider) && (!creating || provider === 'google-drive'),
          )
          .map(({ provider, label }) => (
            <LoginMethodButton
              key={provider}
              icon={<CloudIcon />}
              label={t(label)}
              part={`method-button recovery-${provider}`}
              onClick={() => backUp(provider)}
            />
          ))}
        {offered.includes('user-passcode') && (
          <LoginMethodButton
            icon={<LockIcon />}
            label={resetting ? t('recovery.select.resetPassword') : t('recovery.select.password')}
            part="method-button recovery-password"
            onClick={() => navigation.navigate(resetting || creating ? 'password:create' : 'recovery:splash')}
          />
        )}
        <InfoDisclosure label={t('recovery.select.why')} body={t('recovery.select.whyBody')} closeLabel={t('recovery.select.back')} />
      </div>
    </>
  )
}
