/** `npm run bench -- scale-out`: only the scale-out row (1 and 2 server processes on one PostgreSQL). */
import { printScaleOutTable, measureScaleOut } from './scale-out.js'
import { serverPlan } from './server-table.js'

printScaleOutTable(await measureScaleOut(serverPlan, (line) => console.error(line)))
