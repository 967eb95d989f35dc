import { useEffect } from 'react'
import type { MfaMethodType, TesseraClient, Unsubscribe } from '../../src/core/index.js'
import { useTesseraClient } from '../context.js'
import { useLatest } from './latest.js'

export interface MfaListenerCallbacks {
  /** A wallet operation waits for verification: show the app's own MFA UI and answer with `useMfa().submit`. */
  onMfaRequired(methods: MfaMethodType[]): void
}

/** The effect's body: listens while registered; the latest callbacks answer (they may change between renders). */
export function registerMfaListener(client: TesseraClient, callbacks: () => MfaListenerCallbacks): Unsubscribe {
  return client.mfa.onMfaRequired(({ methods }) => callbacks().onMfaRequired(methods))
}

/**
 * Takes MFA challenges for the component's lifetime (the reference SDK's `useRegisterMfaListener`): while it is
 * mounted the modal stays closed for them.
 */
export function useRegisterMfaListener(callbacks: MfaListenerCallbacks): void {
  const client = useTesseraClient()
  const latest = useLatest(callbacks)
  useEffect(() => registerMfaListener(client, () => latest.current), [client, latest])
}
