/** Browser-test fixture (never shipped): a React host using the wrapper, React bundled in. */
import { createElement } from 'react'
import { createRoot } from 'react-dom/client'
import { TesseraProvider, useAuth, useLogin, useLogout, useModalStatus, type TesseraProviderProps } from '../../react-wrapper/index.js'

export interface HostEvents {
  completed: unknown[]
  errors: unknown[]
  loggedOut: number
}

function Host({ events }: { events: HostEvents }) {
  const { ready, authenticated } = useAuth()
  const { login } = useLogin({ onComplete: (detail) => events.completed.push(detail), onError: (detail) => events.errors.push(detail) })
  const { logout } = useLogout({ onSuccess: () => events.loggedOut++ })
  const { isOpen } = useModalStatus()
  return createElement(
    'div',
    null,
    createElement('output', { id: 'status' }, `${ready ? 'ready' : 'loading'} ${authenticated ? 'in' : 'out'}`),
    createElement('output', { id: 'modal-status' }, isOpen ? 'open' : 'closed'),
    createElement('button', { id: 'login', onClick: login }, 'Log in'),
    createElement('button', { id: 'logout', onClick: () => void logout() }, 'Log out'),
  )
}

export function mountReactHost(host: HTMLElement, props: Pick<TesseraProviderProps, 'appId' | 'apiUrl' | 'locale' | 'messages'>): HostEvents {
  const events: HostEvents = { completed: [], errors: [], loggedOut: 0 }
  createRoot(host).render(createElement(TesseraProvider, props, createElement(Host, { events })))
  return events
}
