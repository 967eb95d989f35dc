/** The browser's credential step, behind a seam so the flow can be tested without a browser. */
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser'
import { lazily } from '../../utils/lazily.js'
import { isPasskeySupported } from './passkey.js'

export interface PasskeyCeremony {
  isSupported(): boolean
  /** `navigator.credentials.create()`: a new passkey (sign-up, link). */
  create(options: PublicKeyCredentialCreationOptionsJSON): Promise<RegistrationResponseJSON>
  /** `navigator.credentials.get()`: an assertion with an existing passkey (sign-in). */
  get(options: PublicKeyCredentialRequestOptionsJSON): Promise<AuthenticationResponseJSON>
  /** Aborts a ceremony still waiting for the user. */
  cancel(): void
}

// Loaded when the first ceremony starts, never with the landing.
const library = lazily(() => import('@simplewebauthn/browser'))

export const browserCeremony: PasskeyCeremony = {
  isSupported: isPasskeySupported,
  create: async (optionsJSON) => (await library.load()).startRegistration({ optionsJSON }),
  get: async (optionsJSON) => (await library.load()).startAuthentication({ optionsJSON }),
  cancel: () => library.loaded()?.WebAuthnAbortService.cancelCeremony(),
}
