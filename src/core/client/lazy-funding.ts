/** `client.funding` as the first chunk holds it: the sessions' state and forwarding; the code loads with the first `fundWallet`. */
import type { FundingImpl } from '../funding/funding.js'
import type { FundingApi, FundingState } from '../funding/types.js'
import { forwarding } from '../utils/forwarding.js'
import { lazily } from '../utils/lazily.js'
import { createStore, type Store } from '../utils/store.js'

export interface LazyFunding {
  member: FundingApi
  destroy(): void
}

export function lazyFunding(load: (state: Store<FundingState>) => Promise<FundingImpl>): LazyFunding {
  const state = createStore<FundingState>({ sessions: [] })
  const code = lazily(() => load(state))
  return {
    member: forwarding<FundingApi>({ getState: state.get, watchState: state.watch }, code.load),
    destroy() {
      code.loaded()?.destroy()
      state.clear()
    },
  }
}
