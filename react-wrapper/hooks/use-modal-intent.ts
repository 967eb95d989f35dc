import { useCallback, useEffect, useRef } from 'react'
import type { AuthErrorDetail, AuthModalRequest } from '../../elements/index.js'
import type { ClientEvents } from '../../src/core/index.js'
import { useTesseraContext } from '../context.js'
import { useLatest } from './latest.js'
import { useModalEvents } from './use-modal-events.js'

type Intent = Exclude<AuthModalRequest['intent'], 'login'>

export interface IntentCallbacks<E> {
  onSuccess?(detail: E): void
  /** Also `exited_link_flow` / `exited_update_flow` when the user closes the modal first. */
  onError?(error: AuthErrorDetail): void
}

const exitCode = { link: 'exited_link_flow', update: 'exited_update_flow' } as const
const exitMessage = { link: 'User exited link flow', update: 'User exited update flow' } as const

/**
 * Opens the modal for a link or update and reports how it ended: the client's `link` or `update`
 * event, the modal's `autherror`, or closing the modal first. Only the flows this hook started count.
 */
export function useModalIntent<K extends 'link' | 'update'>(intent: K & Intent, callbacks: IntentCallbacks<ClientEvents[K]>) {
  const { client, openModal } = useTesseraContext()
  const latest = useLatest(callbacks)
  const active = useRef(false)

  useEffect(
    () =>
      client.on(intent, (detail) => {
        if (!active.current) return
        active.current = false
        latest.current.onSuccess?.(detail as ClientEvents[K])
      }),
    [client, intent, latest],
  )
  useModalEvents({
    onError: (error) => active.current && latest.current.onError?.(error),
    onClose: () => {
      if (!active.current) return
      active.current = false
      latest.current.onError?.({ code: exitCode[intent], message: exitMessage[intent] })
    },
  })

  return useCallback(
    (request: AuthModalRequest) => {
      if (client.getAuth().status !== 'authenticated') return latest.current.onError?.({ code: 'must_be_authenticated', message: 'User must be authenticated' })
      active.current = true
      openModal(request)
    },
    [client, openModal, latest],
  )
}
