/** The lazily loaded features, each over the runtime: dynamic imports, so the first load carries none of their code. */
import type { LoginMfaState } from '../auth/login-mfa/types.js'
import type { FundingState } from '../funding/types.js'
import type { MfaRequiredListener } from '../mfa/challenge.js'
import type { MfaState } from '../mfa/types.js'
import type { Store } from '../utils/store.js'
import type { EmbeddedWalletsState } from '../wallets/embedded/types.js'
import { finishLogin } from './finish-login.js'
import type { ClientRuntime } from './runtime.js'

/** What the embedded wallets, MFA and funding code each get from the client besides their own state. */
const featureContext = ({ appId, options, transport, session, auth, config, storage, events }: ClientRuntime) => ({
  appId,
  options,
  transport,
  session,
  auth,
  config,
  storage,
  events,
})

export const loadEmbeddedWallets = (runtime: ClientRuntime, state: Store<EmbeddedWalletsState>) =>
  import('../wallets/embedded/for-client.js').then((module) =>
    module.embeddedWalletsForClient({ ...featureContext(runtime), state, mfa: runtime.mfa, funding: runtime.funding.member }),
  )

export const loadMfa = (runtime: ClientRuntime, state: Store<MfaState>, listeners: Set<MfaRequiredListener>) =>
  import('../mfa/for-client.js').then((module) =>
    module.mfaForClient({ ...featureContext(runtime), state, listeners, embeddedWallets: runtime.embeddedWallets }),
  )

export const loadFunding = (runtime: ClientRuntime, state: Store<FundingState>) =>
  import('../funding/for-client.js').then((module) => module.fundingForClient({ ...featureContext(runtime), state, wallets: runtime.wallets }))

export const loadLoginMfa = (runtime: ClientRuntime, state: Store<LoginMfaState>) =>
  import('../auth/login-mfa/login-mfa.js').then(({ createLoginMfa }) =>
    createLoginMfa({
      state,
      transport: runtime.transport,
      isAuthenticated: runtime.isAuthenticated,
      finishLogin: (loginMethod, response) => finishLogin(runtime, loginMethod, response),
      session: runtime.session,
    }),
  )
