/** The email and SMS methods share one module shape: a code flow over their channel, which loads with the first code. */
import type { OtpFlow, OtpFlowState } from './types.js'
import type { User } from '../../user/types.js'
import { createStore } from '../../utils/store.js'
import { defineLoginMethod, type LoginMethod, signInNames } from '../login-method.js'
import type { StateMembers } from '../state-members.js'
import type { OtpChannel } from './channel.js'
import { createOtpFlow, initialOtpFlowState } from './flow.js'

/** `client.auth.email` and `client.auth.sms`: the code flow's state and actions. */
export interface OtpApi extends OtpFlow, StateMembers<OtpFlowState> {
  /** Removes the address or number (email: the address; SMS: the number, normalised to E.164). */
  unlink(identifier: string): Promise<User>
}

/** What email and SMS each give: their accounts with their key, their landing entry and their config fields. */
export type OtpMethodParts<Name extends OtpChannel['method'], ConfigFields> = Pick<
  LoginMethod<Name, OtpApi, ConfigFields>,
  'accounts' | 'accountKey' | 'landing' | 'config'
>

export const defineOtpMethod = <Name extends OtpChannel['method'], ConfigFields = unknown>(
  name: Name,
  parts: OtpMethodParts<Name, ConfigFields>,
  loadChannel: () => Promise<OtpChannel>,
) =>
  defineLoginMethod<Name, OtpApi, ConfigFields>({
    name,
    ...parts,
    isSignInName: signInNames(name),
    transfer: { linkMethods: [name], load: loadChannel },
    create(deps) {
      const state = createStore<OtpFlowState>(initialOtpFlowState)
      const flow = createOtpFlow({
        loadChannel,
        state,
        transport: deps.transport,
        getConfig: () => deps.config.get().config,
        isAuthenticated: deps.isAuthenticated,
        authenticate: (login) => deps.authenticate(name, login),
        accountChanges: deps.accountChanges,
      })
      return { api: { getState: state.get, watchState: state.watch, ...flow }, destroy: state.clear }
    },
  })
