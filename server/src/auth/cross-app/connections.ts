import type { CrossAppConnectionDto } from '../../../../src/protocol/index.js'
import { getApp, listApps } from '../../apps/store.js'
import type { AppRecord } from '../../apps/types.js'
import type { Queryable } from '../../db/types.js'
import { ApiError } from '../../http/api-error.js'

/** A provider app that lets the requester connect (wallet spec, "Entities and their fields": "Cross-app connection"). */
export interface CrossAppConnection {
  provider: AppRecord
  readOnly: boolean
}

const connectionFrom = (provider: AppRecord, requesterAppId: string): CrossAppConnection | null => {
  const requester = provider.crossAppProvider?.requesters.find((candidate) => candidate.appId === requesterAppId)
  return requester ? { provider, readOnly: requester.readOnly } : null
}

/** Every provider app that lists `requesterAppId` among its allowed requesters. */
export async function findConnections(db: Queryable, requesterAppId: string): Promise<CrossAppConnection[]> {
  return (await listApps(db)).flatMap((provider) => connectionFrom(provider, requesterAppId) ?? [])
}

/** 403 `cross_app_connection_not_allowed` unless the provider app lets the requester connect. */
export async function requireConnection(db: Queryable, requesterAppId: string, providerAppId: string): Promise<CrossAppConnection> {
  const provider = providerAppId === requesterAppId ? null : await getApp(db, providerAppId)
  const connection = provider && connectionFrom(provider, requesterAppId)
  if (!connection) throw new ApiError(403, 'cross_app_connection_not_allowed', 'Invalid connected app')
  return connection
}

/** The wire shape: the provider's page on its own site is its authorize URL; our API is the provider's API. */
export function toConnectionDto({ provider, readOnly }: CrossAppConnection): CrossAppConnectionDto {
  return {
    provider_app_id: provider.id,
    provider_app_name: provider.name,
    provider_app_icon_url: provider.logoUrl,
    provider_app_custom_api_url: null,
    read_only: readOnly,
    provider_app_custom_auth_authorize_url: provider.crossAppProvider?.authorizeUrl ?? null,
    provider_app_custom_auth_transact_url: provider.crossAppProvider?.transactUrl ?? null,
  }
}
