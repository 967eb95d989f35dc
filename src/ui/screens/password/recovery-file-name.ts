/** Wallet spec, "Business constants and limits": the downloaded password file is named from the app name, lowercased, letters and dashes only. */
export const RECOVERY_FILE_SUFFIX = '-privy-wallet-recovery.txt'

/** Spaces become dashes (so 'Tessera Dev' reads 'tessera-dev'); every other character that is not a letter or dash goes. */
export const recoveryFileName = (appName: string) =>
  `${appName
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[^a-z-]/g, '')}${RECOVERY_FILE_SUFFIX}`
