import { createElement, useCallback, useEffect, useLayoutEffect, useState, type CSSProperties, type Ref } from 'react'
import type { ThemeName } from '../src/core/index.js'
import { defineAuthModal, type AuthErrorDetail, type AuthModalConfig, type AuthModalElement, type AuthModalEventMap, type LoginSuccessDetail, type LogoutDetail } from '../elements/index.js'

export interface AuthModalProps {
  appId: string
  apiUrl?: string
  theme?: ThemeName
  open?: boolean
  standalone?: boolean
  config?: AuthModalConfig
  className?: string
  style?: CSSProperties
  ref?: Ref<AuthModalElement>
  onLoginSuccess?(detail: LoginSuccessDetail): void
  onAuthError?(detail: AuthErrorDetail): void
  onModalClose?(): void
  onLogout?(detail: LogoutDetail): void
}

function setAttribute(element: HTMLElement, name: string, value: string | undefined) {
  if (value === undefined) element.removeAttribute(name)
  else if (element.getAttribute(name) !== value) element.setAttribute(name, value)
}

function useElementEvent<K extends keyof AuthModalEventMap>(element: AuthModalElement | null, type: K, handler: ((event: AuthModalEventMap[K]) => void) | undefined) {
  useEffect(() => {
    if (!element || !handler) return
    const listener = (event: Event) => handler(event as AuthModalEventMap[K])
    element.addEventListener(type, listener)
    return () => element.removeEventListener(type, listener)
  }, [element, type, handler])
}

/** A typed React component over `<auth-modal>`: attributes and the config property are kept in sync. */
export function AuthModal({ appId, apiUrl, theme, open = false, standalone = false, config, className, style, ref, ...events }: AuthModalProps) {
  const [element, setElement] = useState<AuthModalElement | null>(null)
  const attach = useCallback(
    (next: AuthModalElement | null) => {
      setElement(next)
      if (typeof ref === 'function') ref(next)
      else if (ref) ref.current = next
    },
    [ref],
  )
  useState(defineAuthModal)

  // Attributes are written imperatively so a removed prop removes the attribute.
  useLayoutEffect(() => {
    if (!element) return
    if (config) element.config = config
    setAttribute(element, 'app-id', appId)
    setAttribute(element, 'api-url', apiUrl)
    setAttribute(element, 'theme', theme)
    element.standalone = standalone
    element.open = open
  }, [element, appId, apiUrl, theme, standalone, open, config])

  useElementEvent(element, 'loginsuccess', events.onLoginSuccess && ((event) => events.onLoginSuccess?.(event.detail)))
  useElementEvent(element, 'autherror', events.onAuthError && ((event) => events.onAuthError?.(event.detail)))
  useElementEvent(element, 'modalclose', events.onModalClose && (() => events.onModalClose?.()))
  useElementEvent(element, 'logout', events.onLogout && ((event) => events.onLogout?.(event.detail)))

  return createElement('auth-modal', { ref: attach, className, style })
}
