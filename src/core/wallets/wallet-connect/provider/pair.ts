import { unableToRetrieveAddressError } from '../../errors.js'
import { withTimeout } from '../../with-timeout.js'
import type { ProviderRuntime } from './runtime.js'

/** A CAIP-10 account `eip155:<chain>:<address>`, split. */
function parseAccount(account: string): { chainId: number; address: string } | null {
  const [namespace, chain, address] = account.split(':')
  const chainId = Number(chain)
  return namespace === 'eip155' && Number.isSafeInteger(chainId) && address ? { chainId, address } : null
}

/** One time limit for the whole pairing (relay, then wallet); a URI arriving after it ended is not shown. */
export async function pair(runtime: ProviderRuntime): Promise<string[]> {
  const { options } = runtime
  let waiting = true
  const offer = async () => {
    const pairing = await options.session.pair(options.chainIds.map((id) => `eip155:${id}`))
    if (waiting) options.onUri(pairing.uri)
    return (await pairing.approval()).accounts
  }
  const cancelled = new Promise<never>((_, reject) => {
    runtime.cancelPairing = reject
  })
  try {
    const approved = (await withTimeout(Promise.race([offer(), cancelled]), options.timeoutMs)).map(parseAccount).filter((account) => account !== null)
    if (!approved.length) throw unableToRetrieveAddressError()
    runtime.accounts = [...new Set(approved.map((account) => account.address))]
    runtime.chains = [...new Set(approved.map((account) => account.chainId))]
    runtime.chainId = runtime.chains.includes(runtime.chainId) ? runtime.chainId : approved[0]!.chainId
    runtime.state = 'connected'
    return runtime.accounts
  } finally {
    waiting = false
    runtime.cancelPairing = null
    options.onUri(null)
  }
}
