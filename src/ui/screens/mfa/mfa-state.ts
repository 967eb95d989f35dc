import type { MfaState, TesseraClient, User } from '../../../core/index.js'
import { useSlice } from '../../client-slices/use-slice.js'

export type { MfaAnswer, MfaMethodType, MfaState } from '../../../core/index.js'

/** The signed-in user (enrolment lists their passkeys): one subscription. */
export const useUser = (client: TesseraClient): User | null =>
  useSlice(
    (onChange) => client.watchAuth(onChange),
    () => client.getAuth().user,
  )

/** A wallet operation or an explicit verification waits for the user's answer. */
export const challengeActive = (state: MfaState): boolean => state.challenge !== null && state.challenge.status !== 'idle'

export type PasskeyAccount = Extract<User['linkedAccounts'][number], { type: 'passkey' }>

/** The user's linked passkeys, in link order. */
export const passkeysOf = (user: User | null): PasskeyAccount[] =>
  (user?.linkedAccounts ?? []).filter((account): account is PasskeyAccount => account.type === 'passkey')

/** The day a passkey or method was added, as the user's locale writes it. */
export const addedOn = (date: Date | null, locale: string) => (date ? date.toLocaleDateString(locale, { year: 'numeric', month: 'short', day: 'numeric' }) : '')
