import { useCallback, useEffect, useRef } from 'react'
import type { ThemeName, TesseraError, User } from '../../src/core/index.js'
import { AuthModalView, LocaleProvider, type Messages, type ModalRequest } from '../../src/ui/index.js'
import { useElementClient } from '../shared/use-element-client.js'
import { InstanceTheme } from '../styles/instance-theme.js'
import type { AuthModalConfig, AuthModalRequest, LinkSuccessDetail, UpdateSuccessDetail } from './types.js'

/** Props r2wc passes: attributes, the `config` property, the shadow root and event dispatchers. */
export interface AuthModalRootProps {
  appId?: string
  apiUrl?: string
  theme?: ThemeName
  locale?: string
  messages?: Messages
  open?: boolean
  standalone?: boolean
  config?: AuthModalConfig
  /** Set by `start()`: what this opening is for. */
  request?: ModalRequest
  container?: ShadowRoot
  // The events' dispatchers, named as r2wc passes them (rootCallbackName: `on` + the event name, first letter upper-cased).
  onLoginsuccess?(detail: { user: User; isNewUser: boolean }): void
  onAutherror?(detail: { code: string; message: string }): void
  onModalclose?(detail: null): void
  onLogout?(detail: { reason: string }): void
  onLinksuccess?(detail: LinkSuccessDetail): void
  onUpdatesuccess?(detail: UpdateSuccessDetail): void
}

export function AuthModalRoot(props: AuthModalRootProps) {
  const { appId, apiUrl, open = false, standalone = false, config, container, request } = props
  const { client, sheet } = useElementClient(appId, apiUrl, config, container)

  const host = container?.host as (HTMLElement & { open: boolean; start(request: AuthModalRequest): void }) | undefined
  const {
    onLoginsuccess: onLoginSuccess,
    onAutherror: onAuthError,
    onModalclose: onModalClose,
    onLogout,
    onLinksuccess: onLinkSuccess,
    onUpdatesuccess: onUpdateSuccess,
  } = props
  const close = useCallback(() => {
    if (!host?.open) return
    host.open = false
    onModalClose?.(null)
  }, [host, onModalClose])
  const loginSuccess = useCallback((detail: { user: User; isNewUser: boolean }) => onLoginSuccess?.(detail), [onLoginSuccess])
  const authError = useCallback((error: TesseraError) => onAuthError?.({ code: error.code, message: error.shortMessage }), [onAuthError])

  useEffect(() => (client && onLogout ? client.on('logout', ({ reason }) => onLogout({ reason })) : undefined), [client, onLogout])
  // A wallet operation waiting on the user (MFA, the wallet password) opens the modal on the screen that answers it;
  // a wallet flow already open answers it in place (its steps are covered by the verify screens). Read when the prompt
  // comes, not at the last render: a prompt right after a close must open the modal again.
  const requestNow = useRef(request)
  useEffect(() => {
    requestNow.current = request
  }, [request])
  useEffect(
    () =>
      client?.on(
        'walletPrompt',
        ({ screen }) => (host?.open && requestNow.current?.intent === 'wallet') || host?.start({ intent: 'wallet', screen, automatic: true }),
      ),
    [client, host],
  )

  if (!client) return null
  return (
    <>
      <InstanceTheme client={client} sheet={sheet} />
      <LocaleProvider locale={props.locale ?? client.locale} messages={props.messages ?? client.messages}>
        <AuthModalView
          client={client}
          open={open}
          standalone={standalone}
          request={request}
          onClose={close}
          onLoginSuccess={loginSuccess}
          onAuthError={authError}
          onLinkSuccess={onLinkSuccess}
          onUpdateSuccess={onUpdateSuccess}
        />
      </LocaleProvider>
    </>
  )
}
