/** An ERC-20's `symbol()` and `decimals()` over the chain's RPC (funding spec, "Entities and their fields": `erc20ContractInfo`). */
import type { Chain } from '../chains/chain.js'
import { callJsonRpc } from '../wallets/embedded/json-rpc.js'

export interface TokenInfo {
  symbol: string
  decimals: number
}

/** An ABI `string` answer; a `bytes32` one (older tokens) is read up to its first zero byte. */
export function decodeAbiString(hex: string): string {
  const body = hex.replace(/^0x/, '')
  const bytes = (from: number, length: number) => Uint8Array.from(body.slice(from * 2, (from + length) * 2).match(/../g) ?? [], (pair) => parseInt(pair, 16))
  if (body.length === 64) return new TextDecoder().decode(bytes(0, 32)).replace(/\0.*$/s, '')
  const offset = Number.parseInt(body.slice(0, 64), 16)
  const length = Number.parseInt(body.slice(offset * 2, offset * 2 + 64), 16)
  return new TextDecoder().decode(bytes(offset + 32, length))
}

export async function readTokenInfo(chain: Chain, token: string, fetchImpl?: typeof fetch): Promise<TokenInfo> {
  const call = (data: string) => callJsonRpc<string>(chain.rpcUrl, 'eth_call', [{ to: token, data }, 'latest'], fetchImpl)
  const [symbol, decimals] = await Promise.all([call('0x95d89b41'), call('0x313ce567')])
  // A contract without these functions answers '0x': not a token.
  if (symbol === '0x' || decimals === '0x') throw new Error(`${token} is not an ERC-20 token on ${chain.name}`)
  return { symbol: decodeAbiString(symbol), decimals: Number(BigInt(decimals)) }
}
