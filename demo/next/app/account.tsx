'use client'
// The hooks need the browser's session: on the server this renders the 'checking' line, then hydrates.
import { useAuth } from 'tessera/react'

export function Account() {
  const { ready, authenticated, user, login, logout } = useAuth()
  if (!ready) return <p role="status">Checking your session…</p>
  if (!authenticated || !user) {
    return (
      <section id="signed-out">
        <p role="status">You are signed out.</p>
        <button id="login" type="button" onClick={login}>
          Log in
        </button>
      </section>
    )
  }
  return (
    <section id="signed-in">
      <p role="status">You are signed in.</p>
      <dl>
        <dt>User id</dt>
        <dd id="user-id">{user.id}</dd>
        <dt>Email</dt>
        <dd id="user-email">{user.email?.address}</dd>
      </dl>
      <button id="logout" type="button" onClick={() => void logout()}>
        Log out
      </button>
    </section>
  )
}
