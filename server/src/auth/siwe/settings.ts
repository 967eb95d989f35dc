import { z } from 'zod'
import type { AppRecord } from '../../apps/types.js'
import type { LoginMethodSettings } from '../login-method.js'

declare module '../../apps/types.js' {
  interface AppRecord {
    /** EIP-155 chain ids SIWE messages may name; null: the built-in set (plus anvil's 31337 on a dev server). */
    siweChainIds: number[] | null
  }
}

/** Its settings' defaults, in the app's `settings` column (`apps/store.ts`); apps stored without them read these. */
export const siweSettingDefaults: Pick<AppRecord, 'siweChainIds'> = { siweChainIds: null }

const file = { siwe_chain_ids: z.array(z.number().int().positive()).nullable().optional() }

export const siweSettings: LoginMethodSettings<typeof file> = {
  file,
  fromFile: (app) => ({ siweChainIds: app.siwe_chain_ids }),
}
