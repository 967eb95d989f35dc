import { commaList, textFlag, UsageError } from '../../apps/cli-flag-parsing.js'
import type { LoginMethodCliFlags } from '../login-method.js'

const options = { 'siwe-chain-ids': textFlag } as const

function siweChainIdsInput(value: string | undefined): number[] | null | undefined {
  if (value === undefined) return undefined
  if (value === 'default') return null
  return (commaList(value) ?? []).map((id) => {
    if (!/^\d{1,20}$/.test(id) || Number(id) < 1) throw new UsageError(`--siwe-chain-ids: '${id}' is not an EIP-155 chain id`)
    return Number(id)
  })
}

export const siweCliFlags: LoginMethodCliFlags<typeof options> = {
  usage: '  --siwe-chain-ids 1,8453|default (EIP-155 chains SIWE accepts)',
  options,
  toInput: (values) => ({ siweChainIds: siweChainIdsInput(values['siwe-chain-ids']) }),
}
