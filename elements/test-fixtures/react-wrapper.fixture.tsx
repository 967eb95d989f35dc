/** Browser-test fixture (never shipped): a React host using the wrapper, React bundled in. */
import { createElement } from 'react'
import { createRoot } from 'react-dom/client'
import {
  TesseraProvider,
  useAuth,
  useConnectOrCreateWallet,
  useLogin,
  useLogout,
  useModalStatus,
  UserPill,
  WalletsDialog,
  type TesseraProviderProps,
} from '../../react-wrapper/index.js'
import { AccountMenu } from '../../react-wrapper/components/user-pill.js'
import type { User } from '../../src/core/index.js'

export interface HostEvents {
  completed: unknown[]
  errors: unknown[]
  loggedOut: number
  /** useConnectOrCreateWallet's onError (the modal closed before it ended with a wallet). */
  walletErrors: unknown[]
}

function Host({ events }: { events: HostEvents }) {
  const { ready, authenticated } = useAuth()
  const { login } = useLogin({ onComplete: (detail) => events.completed.push(detail), onError: (detail) => events.errors.push(detail) })
  const { logout } = useLogout({ onSuccess: () => events.loggedOut++ })
  const { isOpen } = useModalStatus()
  const { connectOrCreateWallet } = useConnectOrCreateWallet({ onError: (error) => events.walletErrors.push(error.code) })
  return createElement(
    'div',
    null,
    createElement('output', { id: 'status' }, `${ready ? 'ready' : 'loading'} ${authenticated ? 'in' : 'out'}`),
    createElement('output', { id: 'modal-status' }, isOpen ? 'open' : 'closed'),
    createElement('button', { id: 'login', type: 'button', onClick: login }, 'Log in'),
    createElement(
      'button',
      { id: 'login-email-only', type: 'button', onClick: () => login({ loginMethods: ['email'], prefill: { type: 'email', value: 'ada@example.com' } }) },
      'Log in by email',
    ),
    createElement('button', { id: 'connect-or-create', type: 'button', onClick: connectOrCreateWallet }, 'Connect or create a wallet'),
    createElement('button', { id: 'logout', type: 'button', onClick: () => void logout() }, 'Log out'),
  )
}

export function mountReactHost(host: HTMLElement, props: Pick<TesseraProviderProps, 'appId' | 'apiUrl' | 'locale' | 'messages'>): HostEvents {
  const events: HostEvents = { completed: [], errors: [], loggedOut: 0, walletErrors: [] }
  createRoot(host).render(createElement(TesseraProvider, props, createElement(Host, { events })))
  return events
}

/** A provider with only the wrapper's `UserPill` in it (signed out until a session exists). */
export function mountUserPill(host: HTMLElement, props: Pick<TesseraProviderProps, 'appId' | 'apiUrl' | 'locale'>): void {
  createRoot(host).render(createElement(TesseraProvider, props, createElement(UserPill)))
}

/** The signed-in pill's account menu on its own, for `user` (no session or server needed). */
export function mountAccountMenu(host: HTMLElement, user: User): void {
  const text = { 'userPill.login': 'Log in', 'userPill.account': 'Account', 'userPill.logout': 'Log out' }
  createRoot(host).render(
    createElement(AccountMenu, { user, text, expanded: true, size: 32, style: {}, onLogout: () => host.setAttribute('data-logged-out', '') }),
  )
}

/** A provider with the wrapper's `WalletsDialog` mounted (signed out: no wallets). */
export function mountWalletsDialog(host: HTMLElement, props: Pick<TesseraProviderProps, 'appId' | 'apiUrl'>): void {
  createRoot(host).render(createElement(TesseraProvider, props, createElement(WalletsDialog)))
}
