import type { WalletFlowScreen } from '../wallet-flows/screens.js'
import { MfaEnroll } from './mfa-enroll.js'
import { MfaEnrollPasskey, MfaPasskeys } from './mfa-enroll-passkey.js'
import { MfaEnrollSms } from './mfa-enroll-sms.js'
import { MfaEnrollTotp } from './mfa-enroll-totp.js'
import { MfaRemove } from './mfa-remove.js'
import { MfaVerify } from './mfa-verify.js'

function EnrolmentScreen({ screen }: { screen: WalletFlowScreen }) {
  switch (screen) {
    case 'mfa:enroll-totp':
      return <MfaEnrollTotp />
    case 'mfa:enroll-sms':
      return <MfaEnrollSms />
    case 'mfa:enroll-passkey':
      return <MfaEnrollPasskey />
    case 'mfa:passkeys':
      return <MfaPasskeys />
    case 'mfa:remove-totp':
      return <MfaRemove method="totp" />
    case 'mfa:remove-sms':
      return <MfaRemove method="sms" />
    case 'mfa:remove-passkey':
      return <MfaRemove method="passkey" />
    default:
      return <MfaEnroll />
  }
}

/**
 * The 'mfa:*' screens (wallet spec, "Screens and routes" and "States and transitions"): 'mfa:verify' answers a pending challenge (or verifies on request);
 * the others enrol, manage and remove methods (wallet-flows.tsx covers them with the verify screens whenever a step
 * needs a verification first: a user with a method enrolled verifies before changing methods).
 */
export default function MfaScreens({ screen }: { screen: WalletFlowScreen }) {
  if (screen === 'mfa:verify') return <MfaVerify standalone />
  return <EnrolmentScreen screen={screen} />
}
