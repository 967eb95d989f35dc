import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ed25519 } from '@noble/curves/ed25519'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decodeBase58, encodeBase58 } from '../../../src/protocol/index.js'
import { redactSecrets } from '../apps/redact-secrets.js'
import { devSolanaSeed } from '../keys/dev-solana-seed.js'
import { getApp } from '../apps/store.js'
import { readConfigFile } from '../config.js'
import type { ServerContext } from '../context.js'
import { createServerContext } from '../server.js'
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.js'
import { lazyTestSigner } from '../test-support/test-signer.js'
import { loadPaymasterAccount } from './paymaster-key.js'
import { loadSolanaFeePayer } from './solana-fee-payer.js'
import type { GasSponsorshipSettings } from './settings.js'

const dir = mkdtempSync(join(tmpdir(), 'tessera-sponsorship-config-'))
const id = 'sponsored-config-app-0001'
const paymaster = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const paymaster07 = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0'
const target = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512'
const key = generatePrivateKey()
const feePayerSeed = new Uint8Array(randomBytes(32))
const feePayerAddress = encodeBase58(ed25519.getPublicKey(feePayerSeed))
/** A Solana secret key as wallets export it: base58 of the seed and its public key. */
const feePayerSecret = encodeBase58(new Uint8Array([...feePayerSeed, ...ed25519.getPublicKey(feePayerSeed)]))
const SYSTEM_PROGRAM = '11111111111111111111111111111111'
/** anvil's account 23: the local stacks' paymaster signer, a public key. */
const publicDevKey = '0x4624e0802698b9769f5bdb260a3777fbd4941ad2901f5966b854f953497eec1b'

const section = {
  allowed_chain_ids: [31337],
  allowed_contracts: [target],
  daily_cap_per_user_wei: '1000000000000000',
  chains: [
    { chain_id: 31337, paymasters: { '0.7': paymaster07, '0.8': paymaster }, bundler_url: 'http://127.0.0.1:4337', simple_7702_account_address: target },
  ],
  paymaster_signing_key_env: 'PAYMASTER_KEY',
}
const configFile = (gasSponsorship: unknown) => {
  const file = join(dir, `config-${Math.random().toString(36).slice(2)}.json`)
  writeFileSync(file, JSON.stringify({ apps: [{ id, name: 'Sponsored', gas_sponsorship: gasSponsorship }] }))
  return file
}
const env = { PAYMASTER_KEY: key }
const read = (gasSponsorship: unknown, environment: NodeJS.ProcessEnv = env, dev = false) =>
  readConfigFile(configFile(gasSponsorship), environment, { dev })[0]!

const expected: GasSponsorshipSettings = {
  enabled: true,
  allowedChainIds: [31337],
  allowedContracts: [target.toLowerCase() as `0x${string}`],
  dailyCapPerUserWei: '1000000000000000',
  chains: {
    31337: {
      paymasters: { '0.7': paymaster07.toLowerCase() as `0x${string}`, '0.8': paymaster.toLowerCase() as `0x${string}` },
      bundlerUrl: 'http://127.0.0.1:4337',
      simple7702AccountAddress: target.toLowerCase() as `0x${string}`,
    },
  },
}

afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('gas_sponsorship in the config file', () => {
  it('reads the section into the app setting, the key beside it and never inside it', () => {
    const input = read(section)
    expect(input.gasSponsorship).toEqual(expected)
    expect(input.paymasterSigningKey).toBe(key)
    expect(JSON.stringify(input.gasSponsorship)).not.toContain(key.slice(2))
    expect(read({ ...section, allowed_contracts: 'any', enabled: false, paymaster_signing_key_env: undefined }).gasSponsorship).toMatchObject({
      enabled: false,
      allowedContracts: 'any',
    })
    const onlyEntryPoint07 = { ...section, chains: [{ chain_id: 31337, paymasters: { '0.7': paymaster07 }, bundler_url: 'http://127.0.0.1:4337' }] }
    expect(read(onlyEntryPoint07).gasSponsorship?.chains).toEqual({
      31337: { paymasters: { '0.7': paymaster07.toLowerCase() }, bundlerUrl: 'http://127.0.0.1:4337' },
    })
  })

  it('refuses malformed sections with the field and the problem named, never the key', () => {
    const cases: [unknown, string][] = [
      [{ ...section, allowed_contracts: ['0x1234'] }, 'gas_sponsorship.allowed_contracts'],
      [{ ...section, allowed_contracts: 'all' }, 'must be "any" or a list of addresses'],
      [{ ...section, chains: [{ ...section.chains[0], paymasters: { '0.8': 'paymaster' } }] }, 'gas_sponsorship.chains.0.paymasters.0.8: must be an address'],
      [
        { ...section, chains: [{ ...section.chains[0], paymasters: {} }] },
        'gas_sponsorship.chains.0.paymasters: give at least one VerifyingPaymaster, keyed by its EntryPoint version ("0.7" or "0.8")',
      ],
      [
        { ...section, chains: [{ ...section.chains[0], paymasters: { '0.6': paymaster } }] },
        'gas_sponsorship.chains.0.paymasters: keys must be EntryPoint versions "0.7" or "0.8", not "0.6"',
      ],
      [
        { ...section, chains: [{ chain_id: 31337, paymaster_address: paymaster, entry_point_version: '0.8', bundler_url: 'http://127.0.0.1:4337' }] },
        'gas_sponsorship.chains.0.paymasters: must be an object of VerifyingPaymaster addresses keyed by EntryPoint version',
      ],
      [
        { ...section, chains: [{ ...section.chains[0], paymasters: paymaster }] },
        'gas_sponsorship.chains.0.paymasters: must be an object of VerifyingPaymaster addresses keyed by EntryPoint version',
      ],
      [{ ...section, daily_cap_per_user_wei: '0.5' }, 'gas_sponsorship.daily_cap_per_user_wei: must be a whole number of wei as a decimal string'],
      [{ ...section, daily_cap_per_user_wei: 1000 }, 'gas_sponsorship.daily_cap_per_user_wei'],
      [{ ...section, daily_cap_per_user_wei: '1e18' }, 'must be a whole number of wei'],
      [{ ...section, chains: [{ ...section.chains[0], bundler_url: 'ftp://bundler' }] }, 'gas_sponsorship.chains.0.bundler_url'],
      [{ ...section, allowed_chain_ids: [31337, 8453] }, 'each allowed chain id needs an entry in chains'],
      [{ ...section, chains: [section.chains[0], section.chains[0]] }, 'each chain may appear once'],
      [{ ...section, paymaster_signing_key: key }, 'give one of paymaster_signing_key or paymaster_signing_key_env'],
      [{ ...section, paymaster_signing_key_env: undefined, paymaster_signing_key: '0x1234' }, 'gas_sponsorship.paymaster_signing_key: must be a private key'],
      [{ ...section, surprise: true }, 'gas_sponsorship'],
    ]
    for (const [gasSponsorship, problem] of cases) {
      expect(() => read(gasSponsorship), problem).toThrow(problem)
      expect(() => read(gasSponsorship), problem).not.toThrow(key.slice(2))
    }
    expect(() => read(section, {})).toThrow('environment variable PAYMASTER_KEY is not set')
    expect(() => read(section, { PAYMASTER_KEY: 'not-a-key' })).toThrow('environment variable PAYMASTER_KEY is not a private key')
  })

  it("refuses anvil's public keys outside dev mode and takes them in dev mode", () => {
    expect(() => read(section, { PAYMASTER_KEY: publicDevKey })).toThrow('is a public development key')
    expect(read(section, { PAYMASTER_KEY: publicDevKey }, true).paymasterSigningKey).toBe(publicDevKey)
  })
})

describe('gas_sponsorship.solana in the config file', () => {
  const solana = { clusters: ['devnet'], allowed_programs: [SYSTEM_PROGRAM], daily_cap_per_user_lamports: '50000', fee_payer_key_env: 'FEE_PAYER_KEY' }
  const solanaEnv = { FEE_PAYER_KEY: feePayerSecret }

  it('reads a Solana-only section (no EVM chain) and its fee payer key beside the setting, never inside it', () => {
    const input = read({ solana }, solanaEnv)
    expect(input.gasSponsorship).toEqual({
      enabled: true,
      allowedChainIds: [],
      allowedContracts: [],
      dailyCapPerUserWei: '0',
      chains: {},
      solana: { clusters: ['devnet'], allowedPrograms: [SYSTEM_PROGRAM], dailyCapPerUserLamports: '50000' },
    })
    expect(input.solanaFeePayerKey).toBe(feePayerSecret)
    expect(JSON.stringify(input.gasSponsorship)).not.toContain(feePayerSecret)
    expect(read({ ...section, solana: { ...solana, allowed_programs: 'any' } }, { ...env, ...solanaEnv }).gasSponsorship?.solana?.allowedPrograms).toBe('any')
  })

  it('refuses malformed Solana parts with the field and the problem named, never the key', () => {
    const wrongHalf = encodeBase58(new Uint8Array([...decodeBase58(feePayerSecret)!.subarray(0, 32), ...new Uint8Array(32)]))
    const cases: [unknown, NodeJS.ProcessEnv, string][] = [
      [{}, solanaEnv, 'sponsor at least one EVM chain (allowed_chain_ids) or Solana (solana)'],
      [{ allowed_chain_ids: [31337], chains: section.chains, solana }, solanaEnv, 'sponsored EVM chains need allowed_contracts and daily_cap_per_user_wei'],
      [{ solana: { ...solana, clusters: ['localnet'] } }, solanaEnv, 'gas_sponsorship.solana.clusters.0'],
      [{ solana: { ...solana, clusters: [] } }, solanaEnv, 'gas_sponsorship.solana.clusters'],
      [{ solana: { ...solana, allowed_programs: ['not-base58-0OIl'] } }, solanaEnv, 'gas_sponsorship.solana.allowed_programs.0: must be a base58 program id'],
      [
        { solana: { ...solana, daily_cap_per_user_lamports: '-1' } },
        solanaEnv,
        'gas_sponsorship.solana.daily_cap_per_user_lamports: must be a whole number of lamports',
      ],
      [{ solana: { ...solana, fee_payer_key: feePayerSecret } }, solanaEnv, 'give one of fee_payer_key or fee_payer_key_env'],
      [
        { solana: { ...solana, fee_payer_key_env: undefined, fee_payer_key: wrongHalf } },
        {},
        'gas_sponsorship.solana.fee_payer_key: must be a Solana secret key',
      ],
    ]
    for (const [gasSponsorship, environment, problem] of cases) {
      expect(() => read(gasSponsorship, environment), problem).toThrow(problem)
      expect(() => read(gasSponsorship, environment), problem).not.toThrow(feePayerSecret)
    }
    expect(() => read({ solana }, { FEE_PAYER_KEY: wrongHalf })).toThrow('environment variable FEE_PAYER_KEY is not a Solana secret key')
  })

  it("refuses the dev stack's public fee payer seeds outside dev mode and takes them in dev mode", () => {
    const devSeed = devSolanaSeed(99)
    const devSecret = encodeBase58(new Uint8Array([...devSeed, ...ed25519.getPublicKey(devSeed)]))
    expect(() => read({ solana }, { FEE_PAYER_KEY: devSecret })).toThrow('is a public development key')
    expect(() => read({ solana }, { FEE_PAYER_KEY: devSecret })).not.toThrow(devSecret)
    expect(read({ solana }, { FEE_PAYER_KEY: devSecret }, true).solanaFeePayerKey).toBe(devSecret)
  })
})

describe('gas_sponsorship applied on start', () => {
  let database: TestDatabase
  let ctx: ServerContext
  beforeAll(async () => {
    database = await createTestDatabase()
    process.env.PAYMASTER_KEY = key
    process.env.FEE_PAYER_KEY = feePayerSecret
    const solana = { clusters: ['devnet'], allowed_programs: 'any', daily_cap_per_user_lamports: '50000', fee_payer_key_env: 'FEE_PAYER_KEY' }
    try {
      ctx = await createServerContext(
        { quiet: true, configFile: configFile({ ...section, solana }), dataDir: database.dataDir, databaseUrl: database.databaseUrl },
        { signer: lazyTestSigner(database) },
      )
    } finally {
      delete process.env.PAYMASTER_KEY
      delete process.env.FEE_PAYER_KEY
    }
  })
  afterAll(async () => {
    await ctx?.signer.close()
    await ctx?.db.close()
    await database?.dispose()
  })

  it('stores the setting on the app and the key sealed with the key-encryption key, nowhere in clear', async () => {
    const app = (await getApp(ctx.db, id))!
    expect(app.gasSponsorship).toEqual({ ...expected, solana: { clusters: ['devnet'], allowedPrograms: 'any', dailyCapPerUserLamports: '50000' } })
    expect((await loadPaymasterAccount(ctx.db, ctx.keyEncryptionKeys, id))!.address).toBe(privateKeyToAddress(key))
    expect((await loadSolanaFeePayer(ctx.db, ctx.keyEncryptionKeys, id))!.address).toBe(feePayerAddress)
    const hexKey = key.slice(2)
    for (const table of ['apps', 'server_secrets']) {
      const rows = JSON.stringify(await ctx.db.query(`SELECT * FROM ${table}`))
      expect(rows.toLowerCase(), table).not.toContain(hexKey)
      expect(rows, table).not.toContain(feePayerSecret)
    }
    const printed = JSON.stringify(redactSecrets(app))
    expect(printed).toContain('"dailyCapPerUserWei":"1000000000000000"')
    expect(printed).not.toContain(hexKey)
  })
})
