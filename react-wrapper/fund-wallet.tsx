import { createElement, useLayoutEffect, useState, type CSSProperties, type Ref } from 'react'
import type { ThemeName } from '../src/core/index.js'
import { defineFundWallet, type FundFailedDetail, type FundOutcomeDetail, type FundWalletChainType, type FundWalletConfig, type FundWalletElement } from '../elements/index.js'
import { setAttributes, useElementEvent, useElementRef } from './element-props.js'

export interface FundWalletProps {
  appId: string
  apiUrl?: string
  /** The wallet to fund; default the user's first embedded wallet of `chainType`. */
  address?: string
  chainType?: FundWalletChainType
  chainId?: number
  cluster?: 'mainnet-beta' | 'devnet' | 'testnet'
  amount?: string
  /** 'native-currency', 'USDC' or an ERC-20 address. */
  asset?: string
  defaultMethod?: 'card' | 'exchange' | 'wallet' | 'manual'
  theme?: ThemeName
  config?: FundWalletConfig
  className?: string
  style?: CSSProperties
  ref?: Ref<FundWalletElement>
  onSuccess?(detail: FundOutcomeDetail): void
  onUserExited?(detail: FundOutcomeDetail): void
  onFailed?(detail: FundFailedDetail): void
}

/** A typed React component over `<fund-wallet>` (defined on first render; its code loads then). */
export function FundWallet({ appId, apiUrl, address, chainType, chainId, cluster, amount, asset, defaultMethod, theme, config, className, style, ref, onSuccess, onUserExited, onFailed }: FundWalletProps) {
  const [element, attach] = useElementRef(ref)
  useState(defineFundWallet)

  useLayoutEffect(() => {
    if (!element) return
    setAttributes(element, {
      'app-id': appId, 'api-url': apiUrl, address, 'chain-type': chainType, 'chain-id': chainId, cluster, amount, asset, 'default-method': defaultMethod, theme,
    })
    element.config = config
  }, [element, appId, apiUrl, address, chainType, chainId, cluster, amount, asset, defaultMethod, theme, config])

  useElementEvent(element, 'fundsuccess', onSuccess)
  useElementEvent(element, 'funduserexited', onUserExited)
  useElementEvent(element, 'fundfailed', onFailed)

  return createElement('fund-wallet', { ref: attach, className, style })
}
