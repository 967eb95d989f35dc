import { createElement, useState } from 'react'
import { defineAuthModal, type AuthModalElement } from '../elements/index.js'
import { authModalDefinition } from '../elements/definitions.js'
import { useDefinedElement, useElementRef, type WrapperProps } from './element-props.js'

/** `<AuthModal>`'s props: `<auth-modal>`'s attributes, properties and events (as `on<Event>` callbacks), from its definition. */
export type AuthModalProps = WrapperProps<typeof authModalDefinition, AuthModalElement>

/** A typed React component over `<auth-modal>`: attributes and properties are kept in sync. */
export function AuthModal(props: AuthModalProps) {
  const [element, attach] = useElementRef(props.ref)
  useState(defineAuthModal)
  useDefinedElement(authModalDefinition, element, props)
  return createElement('auth-modal', { ref: attach, className: props.className, style: props.style })
}
