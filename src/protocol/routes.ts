/**
 * Routes are `{ method, path }`, one module per sign-in method under routes/ (each imported by that method's lazy
 * code, so a bundle keeps only the paths it calls); the whole table for the server is route-table.ts.
 */
export { routePath, type Route } from './routes/route.js'
export * from './routes/app.js'
