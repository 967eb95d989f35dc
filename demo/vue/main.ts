// The Vue host: <auth-modal> from the package's elements entry, driven from a Vue template.
import { createApp } from 'vue'
import { defineAuthModal } from 'tessera/elements'
import App from './App.vue'
import '../shared/demo.css'

// Defined before the app mounts, so Vue sets `config` on the upgraded element.
defineAuthModal()
createApp(App).mount('#app')
