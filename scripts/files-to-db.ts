import { moveFilesToDatabase } from '../server/adapters/filesToDatabase';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';

/**
 * `npm run files:to-db`: copies the uploads a single process kept on disk (DATA_DIR/uploads) into
 * PostgreSQL (DATABASE_URL), where every process of a multi-process deployment reads them.
 * Safe to run again, and while the app runs.
 */
const config = loadConfig(process.env);
if (!config.databaseUrl) {
  console.error('files:to-db needs DATABASE_URL: without it uploads stay on the local disk, where they are.');
  process.exit(2);
}
const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
try {
  const report = await moveFilesToDatabase(database.db, config.uploadsDir);
  console.log(
    `files:to-db from ${config.uploadsDir}: ${report.copied} copied, ${report.alreadyThere} already in the database, ${report.skipped.length} skipped`,
  );
  for (const name of report.skipped) console.log(`  skipped ${name}`);
  if (report.copied + report.alreadyThere > 0)
    console.log('The files on disk are left in place; remove them once the app serves every image.');
} finally {
  await database.close();
}
