/**
 * Money on the local chains for `npm start` and the tests: anvil's default accounts are funded by anvil itself;
 * the Solana endpoint gets a few fixed dev keypairs (the same on every start, so a person can import them into a
 * wallet once), and `fundAddress` credits any address on either anvil or the Solana endpoint.
 */
import { Keypair, LAMPORTS_PER_SOL } from '@solana/web3.js'
import { getBase58Codec } from '@solana/kit'
import { devSolanaSeed } from '../../server/src/keys/dev-solana-seed.js'
import type { Anvil } from '../../server/src/test-support/anvil.js'
import type { SolanaLocalnet } from '../../server/src/test-support/litesvm-rpc.js'

/** The mnemonic anvil derives its ten default accounts from, each holding 10,000 ETH. */
export const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk'
export const ANVIL_FIRST_ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
export const DEV_SOLANA_ACCOUNT_COUNT = 3
export const DEV_SOLANA_ACCOUNT_LAMPORTS = 1000n * BigInt(LAMPORTS_PER_SOL)

/** Dev keypair `index`: its seed is public, like anvil's keys; never use it off the local chain. */
export function devSolanaKeypair(index: number): Keypair {
  return Keypair.fromSeed(devSolanaSeed(index))
}

/** The base58 secret key wallets import (64 bytes: seed then public key). */
export const solanaSecretKeyBase58 = (keypair: Keypair) => getBase58Codec().decode(keypair.secretKey)

/** The dev app's Solana fee payer (gas sponsorship): a dev keypair apart from those a person imports. */
export const devSolanaFeePayer = () => devSolanaKeypair(99)

/** Funds the dev keypairs a person may import, and the dev app's fee payer; answers the former. */
export function fundDevSolanaAccounts(solana: SolanaLocalnet): Keypair[] {
  solana.airdrop(devSolanaFeePayer().publicKey.toBase58(), DEV_SOLANA_ACCOUNT_LAMPORTS)
  return Array.from({ length: DEV_SOLANA_ACCOUNT_COUNT }, (_, index) => {
    const keypair = devSolanaKeypair(index)
    solana.airdrop(keypair.publicKey.toBase58(), DEV_SOLANA_ACCOUNT_LAMPORTS)
    return keypair
  })
}

export async function anvilCall(anvil: Anvil, method: string, params: unknown[]): Promise<unknown> {
  const response = await fetch(anvil.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await response.json()) as { result?: unknown; error?: { message: string } }
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result
}

/**
 * Credits `amount` of the chain's native currency to `address`: wei on anvil for a 0x address (on the second anvil
 * when `chainId` names it), lamports on the Solana endpoint for a base58 one.
 */
export async function fundAddress(
  chains: { anvil: Anvil; anvil2?: Anvil; solana: SolanaLocalnet },
  address: string,
  amount: bigint,
  options: { chainId?: number } = {},
): Promise<void> {
  if (/^0x[0-9a-fA-F]{40}$/.test(address)) {
    const anvil = [chains.anvil, chains.anvil2].find((candidate) => candidate && candidate.chainId === (options.chainId ?? chains.anvil.chainId))
    if (!anvil) throw new Error(`no local chain ${options.chainId}`)
    const balance = BigInt((await anvilCall(anvil, 'eth_getBalance', [address, 'latest'])) as string)
    await anvilCall(anvil, 'anvil_setBalance', [address, `0x${(balance + amount).toString(16)}`])
    return
  }
  chains.solana.airdrop(address, amount)
}
