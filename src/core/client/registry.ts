import type { TesseraClient } from '../types.js'

const registryKey = Symbol.for('tessera.client')

/** One client per app id for the whole page, shared even by a second copy of the bundle. */
export function registry(): Map<string, TesseraClient> {
  const holder = globalThis as typeof globalThis & { [registryKey]?: Map<string, TesseraClient> }
  return (holder[registryKey] ??= new Map())
}

export function forgetClient(client: TesseraClient) {
  if (registry().get(client.appId) === client) registry().delete(client.appId)
}
