import type { WalletOption } from '../../core/index.js'

/** Wallet spec, "Business constants and limits": the picker shows its search box above 6 wallets (or while a search is active). */
export const WALLET_SEARCH_THRESHOLD = 6

export interface PickerRow {
  option: WalletOption
  /** The wallet of the last successful connection on this device ('Last used' chip). */
  lastUsed: boolean
}

export interface PickerRows {
  rows: PickerRow[]
  showSearch: boolean
  /** A search that matched nothing ('No wallets found. Try another search.'). */
  noMatches: boolean
}

/** Case-insensitive name match; a blank query matches every wallet. */
export function matchesWalletSearch(option: WalletOption, query: string): boolean {
  const needle = query.trim().toLowerCase()
  return needle === '' || option.name.toLowerCase().includes(needle)
}

/**
 * The picker's rows: the last-used wallet first, the rest in the app's wallet-list order, filtered by
 * the search; the search box shows above the threshold or once the user has typed.
 */
export function pickerRows(options: readonly WalletOption[], query: string, lastUsed: string | null): PickerRows {
  const last = options.filter((option) => option.id === lastUsed)
  const ordered = [...last, ...options.filter((option) => option.id !== lastUsed)]
  const rows = ordered.filter((option) => matchesWalletSearch(option, query)).map((option) => ({ option, lastUsed: option.id === lastUsed }))
  return { rows, showSearch: options.length > WALLET_SEARCH_THRESHOLD || query !== '', noMatches: rows.length === 0 && options.length > 0 }
}
