export * from './constants.js'
export * from './dto.js'
export * from './errors.js'
export * from './routes.js'
