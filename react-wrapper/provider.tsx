import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react'
import { getOrCreateClient, type ClientMessages, type CustomAuthConfig } from '../src/core/index.js'
import type { AuthModalConfig, AuthModalElement, AuthModalRequest } from '../elements/index.js'
import { AuthModal, type AuthModalProps } from './auth-modal.js'
import { TesseraContext, type TesseraContextValue } from './context.js'

export interface TesseraProviderProps {
  appId: string
  apiUrl?: string
  config?: AuthModalConfig
  /** The modal's colour theme: 'light', 'dark' or 'auto' (follows the page's prefers-color-scheme); default the app's. */
  theme?: AuthModalProps['theme']
  /** The modal's language (BCP 47: 'es', 'ar'...), default the page's `lang`; see README "Translations". */
  locale?: string
  /** Texts by copy key over the locale's; a misspelt key fails to type-check. */
  messages?: ClientMessages
  /** Bring-your-own auth; memoize `getCustomAccessToken`: a change of it, `isLoading` or `enabled` re-syncs. */
  customAuth?: CustomAuthConfig
  children?: ReactNode
}

/** Creates (or reuses) the shared client for `appId` and renders the one modal that `login()` opens. */
export function TesseraProvider({ appId, apiUrl, config, theme, locale, messages, customAuth, children }: TesseraProviderProps) {
  // The client is shared per app id (also with <auth-modal> elements on the page); the modal hands it later config changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the client is shared per app id; the modal hands it later config changes
  const client = useMemo(() => getOrCreateClient({ appId, ...(apiUrl ? { apiUrl } : {}), ...(config ? { config } : {}) }), [appId, apiUrl])
  const [open, setOpen] = useState(false)
  const [modal, setModal] = useState<AuthModalElement | null>(null)
  const openModal = useCallback(
    (request: AuthModalRequest = { intent: 'login' }) => {
      // The element keeps the request until the next start; `open` stays the provider's state.
      modal?.start(request)
      setOpen(true)
    },
    [modal],
  )
  const { enabled, isLoading, getCustomAccessToken } = customAuth ?? {}
  useEffect(() => {
    if (getCustomAccessToken)
      client.auth.customAuth.configure({ ...(enabled === undefined ? {} : { enabled }), isLoading: isLoading ?? false, getCustomAccessToken })
  }, [client, enabled, isLoading, getCustomAccessToken])
  const value = useMemo<TesseraContextValue>(() => ({ client, openModal, modal }), [client, openModal, modal])

  return (
    <TesseraContext.Provider value={value}>
      {children}
      <AuthModal
        ref={setModal}
        appId={appId}
        apiUrl={apiUrl}
        config={config}
        theme={theme}
        locale={locale}
        messages={messages}
        open={open}
        onModalClose={() => setOpen(false)}
      />
    </TesseraContext.Provider>
  )
}
