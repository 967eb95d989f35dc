/** `client.mfa` over the client's own stores, session and wallet frame (loaded with the MFA code, not the client). */
import type { FrameRequestData } from '../../protocol/index.js'
import { browserCeremony } from '../auth/passkey/ceremony.js'
import { normalizePhoneNumber } from '../auth/sms/phone-number.js'
import type { Store } from '../utils/store.js'
import type { ClientContext } from '../wallets/embedded/for-client.js'
import type { EmbeddedWalletsImpl } from '../wallets/embedded/lazy-embedded-wallets.js'
import { passkeyAssertion, sendMfaSmsCode } from './api.js'
import type { MfaRequiredListener } from './challenge.js'
import { createMfa, type MfaDeps, type MfaImpl } from './mfa.js'
import type { MfaState } from './types.js'

/** The embedded wallets' context (the client passes both alike: the bundle repeats it almost for free). */
export interface MfaClientContext extends Omit<ClientContext, 'state' | 'mfa'> {
  state: Store<MfaState>
  listeners: ReadonlySet<MfaRequiredListener>
  /** The wallets' frame: the MFA token a verification leaves there serves their share calls. */
  embeddedWallets: { load(): Promise<EmbeddedWalletsImpl> }
}

export function mfaForClient({ options, transport, session, auth, config, events, embeddedWallets, state, listeners }: MfaClientContext): MfaImpl {
  return createMfa({
    state,
    listeners,
    getUser: () => auth.get().user,
    watchUser: (listener) => auth.watch((next, previous) => void (next.user !== previous.user && listener(next.user, previous.user))),
    announce: () => events.emit('walletPrompt', { screen: 'mfa:verify' }),
    frame: (async (event: keyof FrameRequestData, data: never) => (await embeddedWallets.load()).callFrame(event, data)) as MfaDeps['frame'],
    replaceUser: session.replaceUser,
    sendSmsCode: () => sendMfaSmsCode(transport),
    passkeyAssertion: () => passkeyAssertion(transport, options.passkeyCeremony ?? browserCeremony),
    normalizePhoneNumber: (raw) => normalizePhoneNumber(raw, config.get().config.intl.defaultCountry),
    ...options.mfa,
  })
}
