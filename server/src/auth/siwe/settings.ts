import { z } from 'zod'
import type { LoginMethodSettings } from '../login-method.js'

const file = { siwe_chain_ids: z.array(z.number().int().positive()).nullable().optional() }

export const siweSettings: LoginMethodSettings<typeof file> = {
  file,
  fromFile: (app) => ({ siweChainIds: app.siwe_chain_ids }),
}
