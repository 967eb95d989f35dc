import { createElement, useState } from 'react'
import { defineFundWallet, type FundWalletElement } from '../elements/index.js'
import { fundWalletDefinition } from '../elements/definitions.js'
import { useDefinedElement, useElementRef, type WrapperProps } from './element-props.js'

/** `<FundWallet>`'s props, from `<fund-wallet>`'s definition: `onSuccess`, `onUserExited` and `onFailed` hear each session. */
export type FundWalletProps = WrapperProps<typeof fundWalletDefinition, FundWalletElement>

/** A typed React component over `<fund-wallet>` (defined on first render; its code loads then). */
export function FundWallet(props: FundWalletProps) {
  const [element, attach] = useElementRef(props.ref)
  useState(defineFundWallet)
  useDefinedElement(fundWalletDefinition, element, props)
  return createElement('fund-wallet', { ref: attach, className: props.className, style: props.style })
}
