/**
 * A stand-in's money: one EVM account (an anvil default account, funded by anvil) and one Solana keypair (funded by
 * the cluster's airdrop when the treasury opens), paying out one transfer at a time so nonces and blockhashes never
 * race. USDC is paid from what the accounts hold: whoever sets the chains up mints some to `evmAddress` and to
 * `solanaAddress`'s associated token account (created when the treasury opens).
 */
import type { Address, Hex } from 'viem'
import { Keypair, LAMPORTS_PER_SOL } from '@solana/web3.js'
import { evmAccount, evmBalance, sendEvmTransfer } from './evm-payouts.js'
import { isEvmNetwork, type FundingAsset, type LocalNetwork, type LocalNetworks } from './networks.js'
import { PublicKey } from '@solana/web3.js'
import { airdrop, createAssociatedTokenAccountInstruction, sendSolanaInstructions, sendSolanaTransfer, solanaBalance } from './solana-payouts.js'

export interface Payout {
  network: LocalNetwork
  asset: FundingAsset
  to: string
  amount: bigint
  reference: string
}

export interface Treasury {
  evmAddress: Address
  solanaAddress: string
  /** Sends the payout and waits for it; resolves with the transaction hash (EVM) or signature (Solana). */
  pay(payout: Payout): Promise<string>
  /** What the treasury holds of `asset` on `network`. */
  balance(network: LocalNetwork, asset: FundingAsset): Promise<bigint>
}

export interface TreasuryOptions {
  evmPrivateKey: Hex
  /** Absent: a fresh keypair, airdropped `solanaAirdropSol` on every Solana network. */
  solanaKeypair?: Keypair
  solanaAirdropSol?: number
}

export async function openTreasury(networks: LocalNetworks, options: TreasuryOptions): Promise<Treasury> {
  const account = evmAccount(options.evmPrivateKey)
  const keypair = options.solanaKeypair ?? Keypair.generate()
  if (!options.solanaKeypair) {
    const lamports = BigInt(options.solanaAirdropSol ?? 1000) * BigInt(LAMPORTS_PER_SOL)
    for (const network of Object.values(networks)) if (!isEvmNetwork(network)) await airdrop(network, keypair.publicKey, lamports)
  }
  // Its USDC token accounts exist from the start, so it can be sent (or minted) USDC at its associated account.
  for (const network of Object.values(networks)) {
    if (isEvmNetwork(network) || !network.usdcMint) continue
    await sendSolanaInstructions(network.rpcUrl, keypair, [
      createAssociatedTokenAccountInstruction(keypair.publicKey, keypair.publicKey, new PublicKey(network.usdcMint)),
    ])
  }
  let queue: Promise<unknown> = Promise.resolve()
  const send = ({ network, asset, to, amount, reference }: Payout) =>
    isEvmNetwork(network)
      ? sendEvmTransfer({ network, asset, to: to as Address, amount, from: account })
      : sendSolanaTransfer({ network, asset, to, amount, from: keypair, memo: reference })
  return {
    evmAddress: account.address,
    solanaAddress: keypair.publicKey.toBase58(),
    pay(payout) {
      const next = queue.then(() => send(payout))
      queue = next.catch(() => undefined)
      return next
    },
    balance: (network, asset) =>
      isEvmNetwork(network) ? evmBalance(network, asset, account.address) : solanaBalance(network, asset, keypair.publicKey.toBase58()),
  }
}
