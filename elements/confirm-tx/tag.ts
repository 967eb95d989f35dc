export const CONFIRM_TX_TAG = 'confirm-tx'
