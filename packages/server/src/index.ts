export { createApp, API_PREFIX, type AppOptions, type ApiRoute } from './app.js';
export { loadConfig, type Config } from './config.js';
export { openDatabase, migrateToLatest, type Db, type OpenedDatabase } from './db/database.js';
