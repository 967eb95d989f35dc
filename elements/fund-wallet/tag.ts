export const FUND_WALLET_TAG = 'fund-wallet'
