import type { AppConfigDto } from '../../../../src/protocol/index.js'
import type { AppRecord } from '../../apps/types.js'
import type { Queryable } from '../../db/types.js'
import { findConnections } from './connections.js'

/** With cross-app login on, every connected provider is a `privy:<app id>` login method (name and icon for its button). */
export async function crossAppLoginProviders(db: Queryable, app: AppRecord): Promise<NonNullable<AppConfigDto['cross_app_login_providers']>> {
  if (!app.loginMethods.includes('cross_app')) return []
  return (await findConnections(db, app.id)).map(({ provider }) => ({ app_id: provider.id, name: provider.name, icon_url: provider.logoUrl }))
}
