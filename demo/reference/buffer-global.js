// react-auth's Solana code uses Node's Buffer, which it expects the app to provide in the browser (as its docs ask).
import { Buffer } from 'node:buffer'

globalThis.Buffer ??= Buffer
