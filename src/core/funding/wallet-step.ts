/**
 * 'Transfer from wallet' (funding spec, "Screens and routes"): the list follows the connected wallets and the discovered ones while it
 * shows; choosing one connects it if needed (inside the click: the wallet opens its prompt) and asks the amount.
 */
import { fundingWalletNotEnabledError } from '../errors/funding-errors.js'
import { toTesseraError } from '../errors/client-errors.js'
import type { ConnectedWallet } from '../wallets/types.js'
import type { SessionContext } from './session-context.js'
import { CONNECTED_ENTRY_PREFIX, payerChainTypes, walletEntries } from './wallet-entries.js'

export function transferFromWallet(ctx: SessionContext): void {
  if (!ctx.get().options.wallet) return void ctx.update({ errorMessage: fundingWalletNotEnabledError().shortMessage })
  ctx.enter('wallets', { fundingMethod: 'wallet', transfer: null, sourceChains: [], errorMessage: null })
  const { wallets } = ctx.deps
  const types = payerChainTypes(ctx.resolved)
  const refresh = () => ctx.update({ wallets: walletEntries(wallets.getConnected(), wallets.getOptions(), types, ctx.resolved.address) })
  refresh()
  ctx.onLeave(wallets.watchConnected(refresh))
  ctx.onLeave(wallets.watchOptions(refresh))
}

export function chooseWallet(ctx: SessionContext, entryId: string): void {
  const session = ctx.get()
  const entry = session.step === 'wallets' ? session.wallets.find((candidate) => candidate.id === entryId) : undefined
  if (!entry) return
  const pay = (wallet: ConnectedWallet) => {
    ctx.payer = wallet
    ctx.enter('amount', { transfer: null, errorMessage: null })
  }
  if (entry.connected) {
    const wallet = ctx.deps.wallets.getConnected().find((candidate) => `${CONNECTED_ENTRY_PREFIX}${candidate.address}` === entryId)
    return wallet ? pay(wallet) : undefined
  }
  const current = ctx.stillHere()
  // Called before anything is awaited: the wallet's prompt opens inside the user's click.
  ctx.deps.wallets.connect(entry.id, { intent: 'connect', chain: entry.chain }).then(
    (wallet) => void (current() && pay(wallet)),
    (error: unknown) => void (current() && ctx.update({ errorMessage: toTesseraError(error).shortMessage })),
  )
}
