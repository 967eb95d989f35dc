import type { ElementDefinition } from '../definition-format.js'

/** The React root's callback r2wc turns into the event (`txconfirmed` ← `onTxconfirmed`: r2wc drops `on` and lowercases). */
export const rootCallbackName = <Event extends string>(event: Event) => `on${event[0]!.toUpperCase()}${event.slice(1)}` as RootCallbackName<Event>
export type RootCallbackName<Event extends string> = `on${Capitalize<Event>}`

/**
 * r2wc's props and events for a definition: string and number attributes are parsed by r2wc; booleans and object
 * properties are the element's own accessors; only events the root dispatches go through r2wc.
 */
export function r2wcOptions(definition: ElementDefinition) {
  const eventInit = { bubbles: true, composed: true }
  return {
    shadow: 'open' as const,
    props: Object.fromEntries(
      definition.attributes.filter((attribute) => attribute.kind !== 'boolean').map((attribute) => [attribute.property, attribute.kind as 'string' | 'number']),
    ),
    events: Object.fromEntries(definition.events.filter((event) => event.dispatcher === 'root').map((event) => [rootCallbackName(event.name), eventInit])),
  }
}
