// Vite settings shared by the library build (build.mjs) and the first-load report (bench/first-load-sources.mjs).
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin'
import MagicString from 'magic-string'
import { parseAst } from 'vite'

export const root = resolve(fileURLToPath(import.meta.url), '../..')
const placeholder = '__TESSERA_BUILT_CSS__'

/** The page-global queue lazily loaded chunks push their CSS into; elements/styles/adopt-styles.ts drains it. */
const cssQueue = "(globalThis[Symbol.for('tessera.css')] ??= []).push"

/**
 * Moves each chunk's stylesheet into its JS and drops the .css files: the chunk holding the placeholder (the first
 * load) carries its CSS inline; a lazily loaded chunk (a later screen) hands its CSS to the shared sheet when it
 * loads, so a screen's styles never weigh on the landing.
 */
function inlineCss() {
  return {
    name: 'tessera-inline-css',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const cssAssets = Object.values(bundle).filter((file) => file.type === 'asset' && file.fileName.endsWith('.css'))
      const claimed = new Set()
      const cssOf = (chunk) => [...(chunk.viteMetadata?.importedCss ?? [])].map((name) => (claimed.add(name), String(bundle[name]?.source ?? ''))).join('\n')
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue
        const css = cssOf(chunk)
        const placeholderPattern = new RegExp(`(["'\`])${placeholder}\\1`, 'g')
        if (placeholderPattern.test(chunk.code)) chunk.code = chunk.code.replace(placeholderPattern, () => JSON.stringify(css))
        else if (css) chunk.code = `${cssQueue}(${JSON.stringify(css)});\n${chunk.code}`
        // The placeholder surviving means the CSS would be missing at run time.
        if (chunk.code.includes(placeholder)) this.error(`CSS placeholder left in ${chunk.fileName}`)
      }
      const orphan = cssAssets.find((asset) => !claimed.has(asset.fileName))
      if (orphan) this.error(`No chunk imports ${orphan.fileName}: its styles would be lost`)
      for (const asset of cssAssets) delete bundle[asset.fileName]
    },
  }
}

/** The element definitions' documentation: the manifest and README read it from source; the element never does. */
const documentationFields = { description: '""', summary: '""', shape: '""', notes: '{}', parts: '[]', cssProperties: '[]' }
const definitionModule = /[\\/]elements[\\/](?:[\w-]+[\\/]definition|shared[\\/]common-surface)\.ts$/

/** Empties the documentation fields of the element definitions in the bundles: `<auth-modal>`'s ships with the first load. */
function stripDefinitionDocs() {
  return {
    name: 'tessera-strip-definition-docs',
    enforce: 'post',
    transform(code, id) {
      if (!definitionModule.test(id)) return null
      const edited = new MagicString(code)
      const visit = (node) => {
        if (!node || typeof node.type !== 'string') return
        if (node.type === 'Property' && !node.computed && Object.hasOwn(documentationFields, node.key.name))
          return void edited.overwrite(node.value.start, node.value.end, documentationFields[node.key.name])
        for (const child of Object.values(node)) (Array.isArray(child) ? child : [child]).forEach((item) => item && typeof item === 'object' && visit(item))
      }
      visit(parseAst(code))
      return { code: edited.toString(), map: edited.generateMap({ hires: true }) }
    },
  }
}

/**
 * Our barrels (index.ts files) only re-export. Marked free of side effects, a lazily loaded module re-exported by
 * one (fromApiResponse, the API error codes) stays in its lazy chunk instead of joining the first load with the barrel.
 */
export const treeshake = { moduleSideEffects: [{ test: /[\\/](src[\\/](core|protocol|ui)|elements|react-wrapper)[\\/]index\.ts$/, sideEffects: false }] }

const packageJson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
const installedWithThePackage = [...Object.keys(packageJson.dependencies ?? {}), ...Object.keys(packageJson.peerDependencies ?? {})]

/** A dependency or peer dependency, or a subpath of one (`viem/chains`): the npm entries import it, the host installs it. */
export const isPackageDependency = (id) => installedWithThePackage.some((name) => id === name || id.startsWith(`${name}/`))

/** `file: module` for every third-party module (under node_modules) a chunk carries: an npm entry must import those. */
export const bundledDependencyModules = (bundle) =>
  Object.values(bundle).flatMap((chunk) =>
    chunk.type === 'chunk' ? chunk.moduleIds.filter((id) => id.includes('/node_modules/')).map((id) => `${chunk.fileName}: ${id}`) : [],
  )

/** Fails the npm-entry build when a chunk carries third-party code, e.g. a package the code imports but package.json does not list. */
export function noBundledDependencies() {
  return {
    name: 'tessera-no-bundled-dependencies',
    generateBundle(_options, bundle) {
      const bundled = bundledDependencyModules(bundle)
      if (bundled.length) this.error(`The npm entries must import their dependencies, not bundle them (list each in package.json):\n${bundled.join('\n')}`)
    },
  }
}

export const shared = (outDir, { sourcemap = false } = {}) => ({
  root,
  configFile: false,
  logLevel: 'warn',
  mode: 'production',
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  plugins: [vanillaExtractPlugin(), stripDefinitionDocs(), inlineCss()],
  build: { outDir, emptyOutDir: false, minify: true, cssCodeSplit: true, sourcemap, target: 'es2022' },
})

/** Script-tag build: one ES module that defines <auth-modal>, React bundled, later screens as lazy chunks. */
export const scriptTagConfig = (outDir, options) => ({
  ...shared(outDir, options),
  build: {
    ...shared(outDir, options).build,
    lib: { entry: join(root, 'elements/script-tag.ts'), formats: ['es'], fileName: () => 'tessera.js' },
    rollupOptions: {
      treeshake,
      preserveEntrySignatures: 'allow-extension',
      output: {
        chunkFileNames: 'chunks/[name]-[hash].js',
        minify: true,
        // Everything the first load needs in one file: one request, and gzip sees it whole.
        codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] },
      },
    },
  },
})
