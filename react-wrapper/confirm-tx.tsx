import { createElement, useLayoutEffect, useState, type CSSProperties, type Ref } from 'react'
import type { ThemeName, TransactionUiOptions } from '../src/core/index.js'
import { defineConfirmTx, type ConfirmTxChainType, type ConfirmTxConfig, type ConfirmTxElement, type TxConfirmedDetail, type TxErrorDetail } from '../elements/index.js'
import { setAttributes, useElementEvent, useElementRef } from './element-props.js'

export interface ConfirmTxProps {
  appId: string
  apiUrl?: string
  /** The embedded wallet that signs; default the user's first of `chainType`. */
  address?: string
  chainType?: ConfirmTxChainType
  signOnly?: boolean
  theme?: ThemeName
  /** Setting it (a new object) starts the confirmation: an `eth_sendTransaction` request, or a @solana/web3.js transaction. */
  transaction?: unknown
  uiOptions?: TransactionUiOptions
  config?: ConfirmTxConfig
  className?: string
  style?: CSSProperties
  ref?: Ref<ConfirmTxElement>
  onConfirmed?(detail: TxConfirmedDetail): void
  onRejected?(detail: TxErrorDetail): void
  onFailed?(detail: TxErrorDetail): void
}

/** A typed React component over `<confirm-tx>` (defined on first render; its code loads then). */
export function ConfirmTx({ appId, apiUrl, address, chainType, signOnly = false, theme, transaction, uiOptions, config, className, style, ref, onConfirmed, onRejected, onFailed }: ConfirmTxProps) {
  const [element, attach] = useElementRef(ref)
  useState(defineConfirmTx)

  // Attributes and objects are written imperatively: a removed prop removes the attribute; `transaction` goes last.
  useLayoutEffect(() => {
    if (!element) return
    setAttributes(element, { 'app-id': appId, 'api-url': apiUrl, address, 'chain-type': chainType, theme })
    element.toggleAttribute('sign-only', signOnly)
    if (config) element.config = config
    element.uiOptions = uiOptions
    if (element.transaction !== transaction) element.transaction = transaction
  }, [element, appId, apiUrl, address, chainType, theme, signOnly, config, uiOptions, transaction])

  useElementEvent(element, 'txconfirmed', onConfirmed)
  useElementEvent(element, 'txrejected', onRejected)
  useElementEvent(element, 'txfailed', onFailed)

  return createElement('confirm-tx', { ref: attach, className, style })
}
