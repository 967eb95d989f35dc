/** `npm run bench -- server`: only the server rows, on PGlite and PostgreSQL. */
import { printServerTable, serverPlan } from './server-table.js'
import { measureServerOnBothDatabases } from './server-throughput.js'

printServerTable(await measureServerOnBothDatabases(serverPlan, (line) => console.error(line)))
