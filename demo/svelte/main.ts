// The Svelte host: <auth-modal> from the package's elements entry, driven from a Svelte 5 component.
import { mount } from 'svelte'
import { defineAuthModal } from 'tessera/elements'
import App from './App.svelte'
import '../shared/demo.css'

// Defined before the app mounts, so Svelte sets `config` as a property on the upgraded element.
defineAuthModal()
mount(App, { target: document.getElementById('app')! })
