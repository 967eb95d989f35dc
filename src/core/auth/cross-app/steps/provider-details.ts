import type { CrossAppProviderDetails } from '../types.js'
import { getCrossAppDetails } from '../api.js'
import type { CrossAppRuntime } from './runtime.js'

/** Wallet spec, "The calls it makes": fetched once per app; a failure is logged and answers null (the caller falls back to what it has). */
export function getProviderDetails({ options, details }: CrossAppRuntime, providerAppId: string): Promise<CrossAppProviderDetails | null> {
  const cached = details.get(providerAppId)
  if (cached) return cached
  const loaded = getCrossAppDetails(options.transport, providerAppId).then(
    (dto) => ({ appId: dto.id, name: dto.name, iconUrl: dto.icon_url }),
    (error: unknown) => {
      console.warn(`[tessera] Could not load the details of cross-app provider ${providerAppId}`, error)
      details.delete(providerAppId)
      return null
    },
  )
  details.set(providerAppId, loaded)
  return loaded
}
