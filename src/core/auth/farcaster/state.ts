import type { FarcasterFlowState } from './types.js'

export const initialFarcasterFlowState: FarcasterFlowState = { status: 'initial', intent: 'login', connectUri: null, error: null }
