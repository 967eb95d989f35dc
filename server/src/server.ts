import { serve } from '@hono/node-server'
import type { AddressInfo } from 'node:net'
import { createApp } from './app.js'
import { serveAppsSocket } from './apps/apps-socket.js'
import { getApp, listApps, upsertApp } from './apps/store.js'
import { indexLinkedAccountWires } from './auth/linked-account-wire.js'
import { loginMethodModules } from './auth/login-methods.js'
import { systemClock, type Clock } from './clock.js'
import { accessTokenTtl, defaults, devApp, readConfigFile, twilioFromEnv, type StartServerOptions } from './config.js'
import type { ServerContext } from './context.js'
import { openDatabase } from './db/open.js'
import type { Db } from './db/types.js'
import { createDevOutbox } from './delivery/dev-outbox.js'
import { assertDevHostLocal } from './dev-host.js'
import { routeByChannel } from './delivery/route-by-channel.js'
import { createSmtpDelivery } from './delivery/smtp.js'
import { createTwilioDelivery } from './delivery/twilio.js'
import type { Delivery } from './delivery/types.js'
import { loadServerSecret } from './keys/server-secret.js'
import { loadSigningKeys } from './keys/signing-keys.js'
import { loadWalletRecoveryKey } from './keys/wallet-recovery-key.js'
import { createLogger } from './logger.js'
import { PRUNE_INTERVAL_MS, pruneExpired } from './maintenance/prune-expired.js'
import { resolveRateLimits } from './rate-limit/settings.js'
import type { KeyEncryptionKeys } from './secrets/key-encryption-keys.js'
import { loadKeyEncryptionKeys } from './secrets/kek-settings.js'
import { sealPlaintextSecrets } from './secrets/reseal.js'
import { resolveWalletFrameDir } from './wallets/frame-dir.js'
import { isServerWalletsMode } from './server-wallets/create-server-wallet.js'
import { createSignerClient } from './signer/signer-client.js'
import { signerSettings } from './signer/signer-settings.js'
import { storePaymasterKey } from './sponsorship/paymaster-key.js'
import { storeSolanaFeePayerKey } from './sponsorship/solana-fee-payer.js'
import type { WalletSigner } from './signer/types.js'

export interface RunningServer {
  url: string
  port: number
  close(): Promise<void>
}

/** Test and embedding hooks that are not server options. */
export interface ServerOverrides {
  clock?: Clock
  /** Replaces the dev outbox / SMTP delivery. */
  delivery?: Delivery
  /** Use this already-open database (the caller closes it). */
  db?: Db
  refreshGraceSeconds?: number
  /** Replaces the pino logger (tests capture its output). */
  logger?: ServerContext['logger']
  /** Replaces the key-encryption keys from the settings (TESSERA_KEK, TESSERA_KEK_FILE or dev mode's key file). */
  keyEncryptionKeys?: KeyEncryptionKeys
  /** Replaces the signer process of server-managed wallets (the caller closes it). */
  signer?: WalletSigner
}

/** Opens the database, prepares keys and apps, and builds the request context. */
export async function createServerContext(options: StartServerOptions = {}, overrides: ServerOverrides = {}): Promise<ServerContext> {
  const logger = overrides.logger ?? createLogger(options.quiet ?? false)
  const say = (line: string) => {
    if (!options.quiet) console.log(line)
  }
  const clock = overrides.clock ?? systemClock
  const dev = options.dev ?? false
  // Before the database opens: production without a key-encryption key is refused at once.
  const keyEncryptionKeys = overrides.keyEncryptionKeys ?? loadKeyEncryptionKeys({ dev, dataDir: options.dataDir ?? defaults.dataDir, say })
  const db =
    overrides.db ??
    (await openDatabase({
      databaseUrl: options.databaseUrl ?? process.env.DATABASE_URL,
      dataDir: options.dataDir ?? defaults.dataDir,
      onPreparing: say,
    }))
  try {
    await sealPlaintextSecrets(db, keyEncryptionKeys)
    if (dev && !(await getApp(db, devApp.id!))) await upsertApp(db, devApp, clock.now())
    if (options.configFile) {
      for (const { paymasterSigningKey, solanaFeePayerKey, ...app } of readConfigFile(options.configFile, process.env, { dev, warn: say })) {
        const stored = await upsertApp(db, app, clock.now())
        if (paymasterSigningKey) await storePaymasterKey(db, keyEncryptionKeys, stored.id, paymasterSigningKey)
        if (solanaFeePayerKey) await storeSolanaFeePayerKey(db, keyEncryptionKeys, stored.id, solanaFeePayerKey)
      }
    }
    return {
      db,
      clock,
      logger,
      keys: await loadSigningKeys(db, keyEncryptionKeys, clock.now()),
      keyEncryptionKeys,
      secret: await loadServerSecret(db, keyEncryptionKeys, 'otp-hmac'),
      signer:
        overrides.signer ??
        createSignerClient({
          settings: signerSettings({ dev, dataDir: options.dataDir ?? defaults.dataDir, databaseUrl: options.databaseUrl ?? process.env.DATABASE_URL }),
          logger,
        }),
      walletRecoveryKey: await loadWalletRecoveryKey(db, keyEncryptionKeys),
      walletFrameDir: resolveWalletFrameDir(options.walletFrameDir),
      delivery: overrides.delivery ?? pickDelivery(db, clock, dev, say, logger),
      dev,
      issuer: options.issuer ?? process.env.TESSERA_ISSUER ?? defaults.issuer,
      accessTokenTtlSeconds: accessTokenTtl(options.accessTokenTtlSeconds),
      refreshGraceSeconds: overrides.refreshGraceSeconds ?? defaults.refreshGraceSeconds,
      trustProxy: options.trustProxy ?? false,
      rateLimits: resolveRateLimits(options.rateLimits),
      linkedAccountWires: indexLinkedAccountWires(loginMethodModules.flatMap((method) => method.linkedAccounts ?? [])),
    }
  } catch (error) {
    if (!overrides.db) await db.close()
    throw error
  }
}

/** Texts go through Twilio when configured; in dev mode the outbox takes everything else, otherwise email needs SMTP. */
function pickDelivery(db: Db, clock: Clock, dev: boolean, say: (line: string) => void, logger: ServerContext['logger']): Delivery | null {
  const twilio = twilioFromEnv()
  const texts = twilio ? createTwilioDelivery(twilio) : null
  if (dev) return routeByChannel(texts, createDevOutbox(db, clock, say))
  if (!texts)
    logger.warn(
      'TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM are not set: SMS codes cannot be sent (passwordless_sms/init answers 400 feature_not_enabled).',
    )
  const smtpUrl = process.env.SMTP_URL
  if (!smtpUrl)
    logger.warn('SMTP_URL is not set: email codes cannot be sent (passwordless/init answers 400 feature_not_enabled). Use --dev for the console outbox.')
  return routeByChannel(smtpUrl ? createSmtpDelivery(smtpUrl, process.env.MAIL_FROM ?? 'Tessera <no-reply@localhost>') : null, texts)
}

/** The CLI's app commands reach a PGlite data directory this server holds through its socket (apps/apps-socket.ts). */
async function appsSocketFor(ctx: ServerContext, options: StartServerOptions, overrides: ServerOverrides): Promise<() => Promise<void>> {
  if (overrides.db || ctx.db.kind !== 'pglite') return async () => {}
  try {
    return await serveAppsSocket(ctx.db, options.dataDir ?? defaults.dataDir, ctx.clock, ctx.logger)
  } catch (error) {
    // E.g. a data directory path too long for a Unix socket: only the live CLI updates are lost.
    ctx.logger.warn({ err: (error as Error).message }, 'apps commands cannot reach this server while it runs (stop it to change apps)')
    return async () => {}
  }
}

/** With an app of server-managed wallets, the signer starts beside the server rather than under the first wallet request. */
async function startSignerForApps(ctx: ServerContext): Promise<void> {
  if ((await listApps(ctx.db)).some(isServerWalletsMode)) await ctx.signer.start()
}

/** Starts the API server; port 0 picks a free port. `close()` stops listening and closes the database. */
export async function startServer(options: StartServerOptions = {}, overrides: ServerOverrides = {}): Promise<RunningServer> {
  const host = options.host ?? defaults.host
  // Before the database opens: dev mode on a reachable host is refused at once.
  assertDevHostLocal(options.dev ?? false, host)
  const ctx = await createServerContext(options, overrides)
  const app = createApp(ctx)
  try {
    const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
      const s = serve({ fetch: app.fetch, port: options.port ?? defaults.port, hostname: host }, () => resolve(s))
      s.once('error', reject)
    })
    const port = (server.address() as AddressInfo).port
    const prune = () => pruneExpired(ctx.db, ctx.clock.now()).catch((error: Error) => ctx.logger.warn({ err: error.message }, 'pruning expired records failed'))
    const pruning = setInterval(prune, PRUNE_INTERVAL_MS)
    pruning.unref()
    const stopAppsSocket = await appsSocketFor(ctx, options, overrides)
    startSignerForApps(ctx).catch((error: Error) =>
      ctx.logger.warn({ err: error.message }, 'the signer did not start with the server (it is tried again at first use)'),
    )
    const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`
    let closing: Promise<void> | undefined
    return {
      url,
      port,
      close: () =>
        (closing ??= (async () => {
          clearInterval(pruning)
          await stopAppsSocket()
          await new Promise<void>((resolve) => {
            server.close(() => resolve())
            // Keep-alive sockets would hold close() open; end them.
            ;(server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.()
          })
          if (!overrides.signer) await ctx.signer.close()
          if (!overrides.db) await ctx.db.close()
        })()),
    }
  } catch (error) {
    if (!overrides.db) await ctx.db.close()
    throw error
  }
}
