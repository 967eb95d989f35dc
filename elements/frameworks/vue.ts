/**
 * `tessera/elements/vue`: the elements as Vue 3 global components for `vue-tsc` (`<auth-modal app-id="…"
 * @loginsuccess="…">`). At run time Vue must treat them as custom elements (`compilerOptions.isCustomElement`).
 * Import it once: `import type {} from 'tessera/elements/vue'`.
 */
import type { HTMLAttributes } from 'vue'
import type { EventListenerProps, PropertyProps, TesseraTags } from './element-types.js'

/** A constructor whose `$props` are what a template may pass: Vue checks global components by it. */
type VueElement<Tag extends keyof TesseraTags> = new () => TesseraTags[Tag]['element'] & {
  $props: HTMLAttributes & PropertyProps<TesseraTags[Tag]['definition']> & EventListenerProps<TesseraTags[Tag]['definition'], 'capitalized'>
}

declare module 'vue' {
  interface GlobalComponents {
    'auth-modal': VueElement<'auth-modal'>
    'confirm-tx': VueElement<'confirm-tx'>
    'fund-wallet': VueElement<'fund-wallet'>
  }
}
