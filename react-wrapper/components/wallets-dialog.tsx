import { useEffect } from 'react'
import { useTesseraContext } from '../context.js'

/**
 * The user's wallets in the provider's modal (the reference SDK's `WalletsDialog`): mounting it opens the modal on
 * its wallets view, each embedded wallet's chain and address with 'Copy address'. The reference's `networks` and
 * `assets` (balances per network) are not offered.
 */
export function WalletsDialog(): null {
  const { openModal, modal } = useTesseraContext()
  useEffect(() => {
    if (modal) openModal({ intent: 'wallet', screen: 'wallets:list' })
  }, [modal, openModal])
  return null
}
