/** Measures every function in a source file: the style rule is no function over 80 lines outside tests. */
import ts from 'typescript'

export const MAX_FUNCTION_LINES = 80

export interface MeasuredFunction {
  /** `path#outer.inner` (a method `Class.method`); an unnamed function is `<anonymous>`, a repeated name gets `#2`, `#3`… */
  key: string
  lines: number
}

/** The name a function is known by: its declaration, the variable or property it is assigned to, or none. */
function ownName(node: ts.Node): string | null {
  if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node) || ts.isGetAccessor(node) || ts.isSetAccessor(node)) && node.name)
    return node.name.getText()
  if (ts.isConstructorDeclaration(node)) return 'constructor'
  const parent = node.parent
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) return parent.name.getText()
  return null
}

const isFunction = (node: ts.Node): node is ts.FunctionLikeDeclaration =>
  ts.isFunctionDeclaration(node) ||
  ts.isFunctionExpression(node) ||
  ts.isArrowFunction(node) ||
  ts.isMethodDeclaration(node) ||
  ts.isConstructorDeclaration(node) ||
  ts.isGetAccessor(node) ||
  ts.isSetAccessor(node)

/** Every function with its length in lines, first line to last, nested ones counted inside their parents too. */
export function measureFunctions(path: string, source: string): MeasuredFunction[] {
  const file = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, true, path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
  const measured: MeasuredFunction[] = []
  const seen = new Map<string, number>()
  const lineOf = (position: number) => file.getLineAndCharacterOfPosition(position).line
  const visit = (node: ts.Node, scope: string[]) => {
    let inner = ts.isClassLike(node) && node.name ? [...scope, node.name.text] : scope
    if (isFunction(node) && node.body) {
      inner = [...scope, ownName(node) ?? '<anonymous>']
      const name = `${path}#${inner.join('.')}`
      const count = (seen.get(name) ?? 0) + 1
      seen.set(name, count)
      measured.push({ key: count === 1 ? name : `${name}#${count}`, lines: lineOf(node.getEnd()) - lineOf(node.getStart(file)) + 1 })
    }
    ts.forEachChild(node, (child) => visit(child, inner))
  }
  visit(file, [])
  return measured
}

/** The functions over the limit, as `{ key: lines }`. */
export function longFunctions(path: string, source: string, limit = MAX_FUNCTION_LINES): Record<string, number> {
  return Object.fromEntries(
    measureFunctions(path, source)
      .filter((fn) => fn.lines > limit)
      .map((fn) => [fn.key, fn.lines]),
  )
}
