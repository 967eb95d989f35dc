import { createElement, useLayoutEffect, useState, type CSSProperties, type Ref } from 'react'
import type { ThemeName } from '../src/core/index.js'
import { defineAuthModal, type AuthErrorDetail, type AuthModalConfig, type AuthModalElement, type LoginSuccessDetail, type LogoutDetail } from '../elements/index.js'
import { setAttributes, useElementEvent, useElementRef } from './element-props.js'

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

/** A typed React component over `<auth-modal>`: attributes and the config property are kept in sync. */
export function AuthModal({ appId, apiUrl, theme, open = false, standalone = false, config, className, style, ref, ...events }: AuthModalProps) {
  const [element, attach] = useElementRef(ref)
  useState(defineAuthModal)

  // Attributes are written imperatively so a removed prop removes the attribute.
  useLayoutEffect(() => {
    if (!element) return
    if (config) element.config = config
    setAttributes(element, { 'app-id': appId, 'api-url': apiUrl, theme })
    element.standalone = standalone
    element.open = open
  }, [element, appId, apiUrl, theme, standalone, open, config])

  useElementEvent(element, 'loginsuccess', events.onLoginSuccess)
  useElementEvent(element, 'autherror', events.onAuthError)
  useElementEvent(element, 'modalclose', events.onModalClose)
  useElementEvent(element, 'logout', events.onLogout)

  return createElement('auth-modal', { ref: attach, className, style })
}
