/**
 * The wallet-action MFA screens' strings (wallet spec, "Screens and routes": "Multi-factor verification" and "Multi-factor enrolment",
 * "Validation rules": "Multi-factor"; "The error catalogue": MFA), loaded with them. The spec's own strings are kept word for word; the others are ours.
 */
import { copy } from './en.js'
import { translator } from './translator.js'

export const mfaCopy = {
  // Verification (wallet spec, "Screens and routes").
  'mfa.verify.title': 'Verify your identity',
  'mfa.verify.choose': 'Choose a verification method',
  'mfa.method.totp': 'Authenticator app',
  'mfa.method.sms': 'SMS',
  'mfa.method.passkey': 'Passkey',
  'mfa.code.title': 'Enter verification code',
  'mfa.code.totp': 'Enter the 6-digit code from your authenticator app.',
  'mfa.code.sms': 'A 6-digit code was sent to your mobile device.',
  'mfa.code.sending': 'Sending a code to your mobile device…',
  'mfa.code.submitting': 'Verifying…',
  'mfa.code.verified': 'Verified',
  'mfa.chooseAnother': 'Choose another method',
  'mfa.cancel': 'Cancel',
  'mfa.passkey.title': 'Verifying with passkey',
  'mfa.passkey.prompt': 'Approve this action using your touch, face, PIN, or hardware key',
  'mfa.passkey.added': 'Passkey added {date}',
  'mfa.passkey.tryAgain': 'Try again',
  // Code rules and errors (wallet spec, "Validation rules" and "The error catalogue").
  // For the code boxes' not-numeric message (they show the code screens' own until they take one); the boxes
  // never submit anything but six digits, so 'Passcode must be exactly 6 numbers' cannot arise.
  'mfa.passcode.numbers': 'Passcode can only be numbers',
  'mfa.error.tooManyAttempts': 'You have exceeded the maximum number of attempts. Please close this window and try again in 10 seconds.',
  'mfa.error.invalidCode': 'The code you entered is not valid',
  'mfa.error.timeLimit': 'You have exceeded the time limit for code entry. Please try again in 30 seconds.',
  'mfa.error.other': 'Something went wrong.',
  'mfa.error.canceled': 'Verification canceled',
  // Enrolment (wallet spec, "Screens and routes").
  'mfa.enroll.title': 'Transaction Protection',
  'mfa.enroll.description': 'Add a second step that confirms it is you before your wallet signs, sends or exports.',
  'mfa.enroll.methods': 'Verification methods',
  'mfa.enroll.enabled': 'Enabled',
  'mfa.enroll.remove': 'Remove',
  'mfa.enroll.removeLabel': 'Remove {method}',
  'mfa.enroll.done': 'Done',
  'mfa.enroll.none': 'This app offers no verification methods.',
  'mfa.totp.title': 'Set up your authenticator app',
  'mfa.totp.scan': 'Scan this QR code with your authenticator app, or enter the setup key.',
  'mfa.totp.qrLabel': 'QR code for your authenticator app',
  'mfa.totp.setupKey': 'Setup key',
  'mfa.totp.copy': 'Copy',
  'mfa.totp.copied': 'Copied',
  'mfa.totp.continue': 'Continue',
  'mfa.totp.loading': 'Preparing your setup key…',
  'mfa.totp.enterCode': 'Enter the 6-digit code your authenticator app shows.',
  'mfa.totp.enrolled': 'Your authenticator app now protects your wallet actions.',
  'mfa.sms.title': 'Set up SMS verification',
  'mfa.sms.description': 'Enter the phone number that will receive your verification codes.',
  'mfa.sms.submit': 'Send code',
  'mfa.sms.sending': 'Sending code…',
  'mfa.sms.enterCode': 'Enter the 6-digit code sent to {phone}.',
  'mfa.sms.enrolled': 'SMS codes now protect your wallet actions.',
  'mfa.passkeys.title': 'Set up passkey verification',
  'mfa.passkeys.description': 'Approve wallet actions with a passkey on this or another device.',
  'mfa.passkeys.add': 'Add new passkey',
  'mfa.passkeys.useExisting': 'Use my passkeys',
  'mfa.passkeys.working': 'Waiting for your passkey…',
  'mfa.passkeys.list': 'Your passkeys',
  'mfa.passkeys.viewAll': 'View all',
  'mfa.passkeys.updated': 'Passkeys updated',
  'mfa.passkeys.name': 'Passkey',
  'mfa.passkeys.addedOn': 'Added {date}',
  'mfa.passkeys.enrolled': 'Used for verification',
  'mfa.passkeys.none': 'You have no passkeys yet.',
  // Removal confirmations.
  'mfa.remove.totp.title': 'Remove authenticator app?',
  'mfa.remove.sms.title': 'Remove SMS verification?',
  'mfa.remove.passkey.title': 'Remove passkey verification?',
  'mfa.remove.description': 'Wallet actions will no longer ask for this method. You will verify your identity before it is removed.',
  'mfa.remove.confirm': 'Remove',
  'mfa.remove.working': 'Removing…',
} as const

export type MfaCopyKey = keyof typeof mfaCopy

export const { t, useT } = translator({ ...copy, ...mfaCopy })
