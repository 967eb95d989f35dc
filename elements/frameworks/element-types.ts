import type { authModalDefinition } from '../auth-modal/definition.js'
import type { AuthModalElement } from '../auth-modal/auth-modal-element.js'
import type { confirmTxDefinition } from '../confirm-tx/definition.js'
import type { ConfirmTxElement } from '../confirm-tx/confirm-tx-element.js'
import type { ElementAttributes, ElementDefinition, ElementProperties, TypeOf } from '../definition-format.js'
import type { fundWalletDefinition } from '../fund-wallet/definition.js'
import type { FundWalletElement } from '../fund-wallet/fund-wallet-element.js'

/** Each tag with its definition and element type: the framework declarations map over it. */
export interface TesseraTags {
  'auth-modal': { definition: typeof authModalDefinition; element: AuthModalElement }
  'confirm-tx': { definition: typeof confirmTxDefinition; element: ConfirmTxElement }
  'fund-wallet': { definition: typeof fundWalletDefinition; element: FundWalletElement }
}

/** The object properties (no attribute), which frameworks set as properties. */
export type ObjectProperties<Definition extends ElementDefinition> = {
  [Property in Definition['properties'][number] as Property['name']]?: TypeOf<Property['type']>
}

/** One listener prop per event: `on<name>` (React 19, Svelte 5) or `on<Name>` (Vue's `@name`). */
export type EventListenerProps<Definition extends ElementDefinition, Naming extends 'as-is' | 'capitalized'> = {
  [Event in Definition['events'][number] as `on${Naming extends 'capitalized' ? Capitalize<Event['name']> : Event['name']}`]?: (
    event: CustomEvent<TypeOf<Event['detail']>>,
  ) => void
}

/** What a template may write on the element: attributes by their HTML names and object properties. */
export type TemplateProps<Definition extends ElementDefinition> = ElementAttributes<Definition> & ObjectProperties<Definition>

/** Every property of the element as optional template props (Vue normalises `app-id` to `appId`). */
export type PropertyProps<Definition extends ElementDefinition> = Partial<ElementProperties<Definition>>
