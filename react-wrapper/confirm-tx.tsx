import { createElement, useState } from 'react'
import { defineConfirmTx, type ConfirmTxElement } from '../elements/index.js'
import { confirmTxDefinition } from '../elements/definitions.js'
import { useDefinedElement, useElementRef, type WrapperProps } from './element-props.js'

/**
 * `<ConfirmTx>`'s props, from `<confirm-tx>`'s definition: setting `transaction` (a new object) starts the
 * confirmation; `onConfirmed`, `onRejected` and `onFailed` hear its outcome.
 */
export type ConfirmTxProps = WrapperProps<typeof confirmTxDefinition, ConfirmTxElement>

/** A typed React component over `<confirm-tx>` (defined on first render; its code loads then). */
export function ConfirmTx(props: ConfirmTxProps) {
  const [element, attach] = useElementRef(props.ref)
  useState(defineConfirmTx)
  useDefinedElement(confirmTxDefinition, element, props)
  return createElement('confirm-tx', { ref: attach, className: props.className, style: props.style })
}
