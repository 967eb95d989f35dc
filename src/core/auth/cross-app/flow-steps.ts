/**
 * The cross-app flow past its first, synchronous step (flow.ts): the connection, PKCE, the provider's popup,
 * the state check, the code exchange and the token action; transact requests through the provider's transact
 * page; provider details. Loaded on the first start, unlink, connections, transact or details call.
 */
import type { TesseraError } from '../../errors/base-error.js'
import { mustBeAuthenticatedError } from '../../errors/client-errors.js'
import type { User } from '../../user/types.js'
import { unlinkCrossApp } from './api.js'
import type { OAuthWindow } from '../oauth/browser-window.js'
import { crossAppMethodName } from './method-name.js'
import type { CrossAppFlowOptions, CrossAppTransactTarget } from './types.js'
import { proceed } from './steps/proceed.js'
import { getProviderDetails } from './steps/provider-details.js'
import { createCrossAppRuntime, getConnections } from './steps/runtime.js'
import { openTransactPopup, transact } from './steps/transact.js'
import type { StartedCrossAppFlow, StartedCrossAppTransact } from './steps/types.js'

export type { StartedCrossAppFlow, StartedCrossAppTransact } from './steps/types.js'

/** `generation()` is flow.ts's counter, bumped by reset(): a flow that settles after it must not revive the old state. */
export function createCrossAppFlowSteps(options: CrossAppFlowOptions, generation: () => number) {
  const runtime = createCrossAppRuntime(options, generation)
  return {
    proceed: (flow: StartedCrossAppFlow) => proceed(runtime, flow),
    getConnections: () => getConnections(runtime),
    async unlink(providerAppId: string, subject: string): Promise<User> {
      if (!options.isAuthenticated()) throw mustBeAuthenticatedError()
      return options.accountChanges.unlinked(
        await unlinkCrossApp(options.transport, { provider_app_id: providerAppId, subject }),
        crossAppMethodName(providerAppId),
      )
    },
    cancelPopup(reason: TesseraError) {
      if (!runtime.popupWait) return
      runtime.popupWait.popup.close()
      runtime.popupWait.wait.cancel(reason)
      runtime.popupWait = null
    },
    openTransactPopup: (target: CrossAppTransactTarget, requireWindow: () => OAuthWindow) => openTransactPopup(runtime, target, requireWindow),
    transact: (request: StartedCrossAppTransact) => transact(runtime, request),
    getProviderDetails: (providerAppId: string) => getProviderDetails(runtime, providerAppId),
    /** The token the provider app set for the signed-in user, or null. */
    async accessTokenFor(providerAppId: string): Promise<string | null> {
      const userId = options.getUser()?.id
      return userId ? runtime.tokens.get(userId, providerAppId) : null
    },
  }
}
