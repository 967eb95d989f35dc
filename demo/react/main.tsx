// The React host: TesseraProvider, useAuth and useLogin from the package's public React entry.
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { TesseraProvider, useAuth, useLogin } from 'tessera/react'
import '../shared/demo.css'

declare global {
  interface Window {
    TESSERA_DEMO: { appId: string; apiUrl: string }
  }
}

function Account() {
  const { ready, authenticated, user, logout } = useAuth()
  const { login } = useLogin()

  if (!ready) return <p role="status">Checking your session…</p>
  if (!authenticated || !user) {
    return (
      <section id="signed-out">
        <p role="status">You are signed out.</p>
        <button id="login" type="button" onClick={() => login()}>
          Log in
        </button>
      </section>
    )
  }
  return (
    <section id="signed-in">
      <p role="status">You are signed in.</p>
      <dl>
        <dt>Email</dt>
        <dd id="user-email">{user.email?.address}</dd>
        <dt>User id</dt>
        <dd id="user-id">{user.id}</dd>
      </dl>
      <button id="logout" type="button" onClick={() => void logout()}>
        Log out
      </button>
    </section>
  )
}

const { appId, apiUrl } = window.TESSERA_DEMO

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <TesseraProvider appId={appId} apiUrl={apiUrl}>
      <main>
        <h1>Tessera</h1>
        <p className="lede">A React app using TesseraProvider, useAuth and useLogin.</p>
        <Account />
      </main>
    </TesseraProvider>
  </StrictMode>,
)
