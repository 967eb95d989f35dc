import { useEffect, useMemo, useRef } from 'react'
import { getOrCreateClient, type ClientOptions, type TesseraClient } from '../../src/core/index.js'
import { adoptStyles } from '../styles/adopt-styles.js'

/**
 * An element's shared client (one per app id on the page) and its per-instance stylesheet adopted into the shadow
 * root. The element's config applies once it renders, also to a client the page created first; a later one (also a
 * React provider's) replaces it.
 */
export function useElementClient(appId: string | undefined, apiUrl: string | undefined, config: ClientOptions['config'], container: ShadowRoot | undefined) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the client is shared per app id; a later config reaches it through setConfig below
  const client: TesseraClient | null = useMemo(
    () => (appId ? getOrCreateClient({ appId, ...(apiUrl ? { apiUrl } : {}), ...(config ? { config } : {}) }) : null),
    // The client is shared per app id: a config set later is handed to it instead of recreating it.
    [appId, apiUrl],
  )
  // Nothing applied yet: the page may have created the shared client first, without this config.
  const appliedConfig = useRef<ClientOptions['config']>(undefined)
  useEffect(() => {
    if (!client || !config || config === appliedConfig.current) return
    appliedConfig.current = config
    client.setConfig(config)
  }, [client, config])
  const sheet = useMemo(() => new CSSStyleSheet(), [])
  useEffect(() => {
    if (container) adoptStyles(container, sheet)
  }, [container, sheet])
  return { client, sheet }
}
