// react-auth's Solana code uses Node's Buffer, which it expects the app to provide in the browser (as its docs ask).
// biome-ignore lint/style/useNodejsImportProtocol: the npm `buffer` polyfill for the browser, not Node's module
import { Buffer } from 'buffer'

globalThis.Buffer ??= Buffer
