/**
 * `tessera/elements/vue`: the elements as Vue 3 global components for `vue-tsc` (`<auth-modal app-id="…"
 * @loginsuccess="…">`). At run time Vue must treat them as custom elements (`compilerOptions.isCustomElement`).
 * Import it once: `import type {} from 'tessera/elements/vue'`.
 */
import type { EmitFn, HTMLAttributes } from 'vue'
import type { ElementEventMap } from '../definition-format.js'
import type { EventListenerProps, PropertyProps, TesseraTags } from './element-types.js'

/** Each event as Vue's emit signature: `@loginsuccess="(event) => …"` gets the typed `CustomEvent`. */
type VueEmits<Events> = EmitFn<{ [Name in keyof Events]: (event: Events[Name]) => void }>

/** A constructor whose `$props` and `$emit` are what a template may pass and hear: Vue checks global components by them. */
type VueElement<Tag extends keyof TesseraTags> = new () => TesseraTags[Tag]['element'] & {
  $props: HTMLAttributes & PropertyProps<TesseraTags[Tag]['definition']> & EventListenerProps<TesseraTags[Tag]['definition'], 'capitalized'>
  $emit: VueEmits<ElementEventMap<TesseraTags[Tag]['definition']>>
}

declare module 'vue' {
  interface GlobalComponents {
    'auth-modal': VueElement<'auth-modal'>
    'confirm-tx': VueElement<'confirm-tx'>
    'fund-wallet': VueElement<'fund-wallet'>
  }
}
