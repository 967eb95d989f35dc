import { appConfigRoute, type AppConfigDto } from '../../protocol/index.js'
import type { Transport } from './transport.js'

/** `GET /api/v1/apps/{app_id}`: the server app config, fetched without a token. */
export function getAppConfig(transport: Transport, appId: string, signal?: AbortSignal): Promise<AppConfigDto> {
  return transport.request(appConfigRoute, { params: { app_id: appId }, signal })
}
