import type { ThemeName } from '../../src/core/index.js'
import { panelElement } from '../shared/panel-element.js'
import { FundWalletRoot } from './fund-wallet-root.js'
import type { FundWalletChainType, FundWalletConfig } from './types.js'

/**
 * `<fund-wallet>`: an inline funding panel (document 3 §2) for one of the signed-in user's wallets. Attributes name
 * the wallet and what to add; `config` carries the rest; a session starts once the user is signed in and starts
 * again after it ended.
 */
export interface FundWalletElement extends HTMLElement {
  appId: string | undefined
  apiUrl: string | undefined
  /** Default: the user's first embedded wallet of `chainType`. */
  address: string | undefined
  chainType: FundWalletChainType | undefined
  /** EIP-155 chain (Ethereum). */
  chainId: number | undefined
  /** 'mainnet-beta', 'devnet' or 'testnet' (Solana). */
  cluster: string | undefined
  /** In the asset's whole units ('0.05'). */
  amount: string | undefined
  /** 'native-currency', 'USDC' or an ERC-20 address. */
  asset: string | undefined
  /** 'card', 'exchange', 'wallet' or 'manual': fires once when the landing first shows. */
  defaultMethod: string | undefined
  theme: ThemeName | undefined
  config: FundWalletConfig | undefined
}

export const FundWalletElement = panelElement({
  root: FundWalletRoot,
  attributes: {
    appId: 'string', apiUrl: 'string', address: 'string', chainType: 'string', chainId: 'number', cluster: 'string',
    amount: 'string', asset: 'string', defaultMethod: 'string', theme: 'string',
  },
  objects: ['config'],
  events: ['fundsuccess', 'funduserexited', 'fundfailed'],
}) as unknown as { new (): FundWalletElement; prototype: FundWalletElement }
