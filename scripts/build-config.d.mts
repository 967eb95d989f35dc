// Types of build-config.mjs for the TypeScript that imports it (the package-contents contract test).
import type { InlineConfig, Plugin } from 'vite'

export const root: string
export const treeshake: { moduleSideEffects: { test: RegExp; sideEffects: boolean }[] }
export function isPackageDependency(id: string): boolean
/** The part of a Rollup output bundle the check reads. */
export type BundleFiles = Record<string, { type: 'chunk'; fileName: string; moduleIds: string[] } | { type: 'asset'; fileName: string }>
export function bundledDependencyModules(bundle: BundleFiles): string[]
export function noBundledDependencies(): Plugin
export function shared(outDir: string, options?: { sourcemap?: boolean }): InlineConfig & { plugins: Plugin[]; build: NonNullable<InlineConfig['build']> }
export function scriptTagConfig(outDir: string, options?: { sourcemap?: boolean }): InlineConfig
