/// <reference path="../shared/demo-config.d.ts" />
declare module '*.svelte' {
  import type { Component } from 'svelte'
  const component: Component
  export default component
}
