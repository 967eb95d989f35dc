import type { TesseraClient } from '../../core/index.js'
import { useSlice } from './use-slice.js'

type Namespaces = TesseraClient['auth']
/** The login methods that keep a flow state (all but guest). */
export type StatefulLoginMethod = { [M in keyof Namespaces]: Namespaces[M] extends { getState(): unknown } ? M : never }[keyof Namespaces]
/** The two code channels: one code screen serves both. */
export type OtpChannel = 'email' | 'sms'
export type LoginMethodState<M extends StatefulLoginMethod> = ReturnType<Namespaces[M]['getState']>

/** One login method's flow state (`client.auth.<method>`), e.g. the email or SMS code flow that one code screen serves. */
export function useLoginMethodState<M extends StatefulLoginMethod>(client: TesseraClient, method: M): LoginMethodState<M> {
  const namespace = client.auth[method]
  return useSlice(namespace.watchState, namespace.getState as () => LoginMethodState<M>)
}
