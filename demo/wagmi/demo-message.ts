/** The message the demo signs with wagmi's useSignMessage (the e2e test verifies the signature over it). */
export const DEMO_MESSAGE = 'Hello from a wagmi app'
