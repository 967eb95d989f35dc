// `node bench/first-load-sources.mjs [rows]`: which source files the script-tag first load (dist/tessera.js) is made of.
// Builds that bundle with a sourcemap into a temporary folder (dist/ is not touched) and prints, per source file,
// its minified bytes and its marginal gzip bytes: how much smaller the gzipped file gets without that file's code.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import { build } from 'vite'
import { root, scriptTagConfig } from '../scripts/build-config.mjs'

process.env.NODE_ENV = 'production'
const rows = Number(process.argv[2] ?? 40)
const base64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

/** Source Map v3 `mappings` → per generated line, segments of [column, source index]. */
function decodeMappings(mappings) {
  let source = 0
  return mappings.split(';').map((line) => {
    let column = 0
    return line
      .split(',')
      .filter(Boolean)
      .map((segment) => {
        const fields = []
        let value = 0
        let shift = 0
        for (const char of segment) {
          const digit = base64.indexOf(char)
          value += (digit & 31) << shift
          if (digit & 32) shift += 5
          else {
            fields.push(value & 1 ? -(value >>> 1) : value >>> 1)
            value = shift = 0
          }
        }
        column += fields[0]
        if (fields.length > 1) source += fields[1]
        return [column, fields.length > 1 ? source : -1]
      })
  })
}

const outDir = mkdtempSync(join(tmpdir(), 'tessera-first-load-'))
try {
  await build(scriptTagConfig(outDir, { sourcemap: true }))
  const code = readFileSync(join(outDir, 'tessera.js'), 'utf8')
  const map = JSON.parse(readFileSync(join(outDir, 'tessera.js.map'), 'utf8'))
  const lines = code.split('\n')
  const name = (index) => (index < 0 ? '(unmapped: bundler runtime, exports, inlined CSS)' : relative(root, resolve(outDir, map.sources[index])))

  // Every generated span, attributed to the source its segment maps to.
  const spans = new Map()
  decodeMappings(map.mappings).forEach((segments, line) =>
    segments.forEach(([column, source], index) => {
      const end = segments[index + 1]?.[0] ?? lines[line].length
      const key = name(source)
      if (!spans.has(key)) spans.set(key, [])
      spans.get(key).push([line, column, end])
    }),
  )

  const gzip = (text) => gzipSync(text).length
  const total = gzip(code)
  const withoutSpans = (list) => {
    const copy = [...lines]
    for (const [line, column, end] of [...list].sort((a, b) => b[0] - a[0] || b[1] - a[1])) copy[line] = copy[line].slice(0, column) + copy[line].slice(end)
    return copy.join('\n')
  }
  const report = [...spans].map(([source, list]) => ({
    source,
    bytes: list.reduce((sum, [, column, end]) => sum + end - column, 0),
    marginal: total - gzip(withoutSpans(list)),
  }))
  report.sort((a, b) => b.marginal - a.marginal)

  // Chunks tessera.js imports statically (rolldown's runtime chunk, for one) load before the landing too.
  const staticChunks = [...code.matchAll(/(?:import|export)\s*(?:[\w*{}\s,$]*from\s*)?["'](\.\/chunks\/[^"']+)["']/g)].map((match) => match[1])
  const chunkBytes = staticChunks.map((chunk) => gzip(readFileSync(join(outDir, chunk))))
  console.log(`\ndist/tessera.js: ${code.length} B minified, ${total} B gzip (CSS inlined); ${report.length} sources`)
  for (const [index, chunk] of staticChunks.entries()) console.log(`  + ${chunk}: ${chunkBytes[index]} B gzip, imported statically`)
  console.log(`first load: ${total + chunkBytes.reduce((sum, bytes) => sum + bytes, 0)} B gzip`)
  console.log(`${'gzip B'.padStart(7)} ${'min B'.padStart(7)}  source (marginal gzip bytes: the file's cost inside the bundle)`)
  for (const { source, bytes, marginal } of report.slice(0, rows)) console.log(`${String(marginal).padStart(7)} ${String(bytes).padStart(7)}  ${source}`)
  const byPackage = new Map()
  for (const { source, marginal } of report) {
    const key = source.startsWith('node_modules/')
      ? source
          .split('/')
          .slice(0, source.startsWith('node_modules/@') ? 3 : 2)
          .join('/')
      : source.split('/').slice(0, 2).join('/')
    byPackage.set(key, (byPackage.get(key) ?? 0) + marginal)
  }
  console.log('\nby package or top folder (sum of marginal gzip bytes):')
  for (const [key, marginal] of [...byPackage].sort((a, b) => b[1] - a[1])) console.log(`${String(marginal).padStart(7)}  ${key}`)
} finally {
  rmSync(outDir, { recursive: true, force: true })
}
