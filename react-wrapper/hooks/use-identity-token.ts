import { useTesseraClient } from '../context.js'
import { useSlice } from '../../elements/client-slices.js'

/** The latest identity token the server issued, null when signed out (the reference SDK's `useIdentityToken`). */
export function useIdentityToken(): { identityToken: string | null } {
  const client = useTesseraClient()
  const identityToken = useSlice(
    (listener) => client.watchIdentityToken(listener),
    () => client.getIdentityToken(),
  )
  return { identityToken }
}
