// `npm run db:migrate`: brings the database named by DATABASE_URL (default:
// the embedded one in ./data) up to the newest schema.
import { closeDatabase, migrate } from "../app/models/db/db.server";

try {
  const applied = await migrate();
  console.log(applied.length ? `Applied: ${applied.join(", ")}` : "The database is up to date.");
} catch (error) {
  console.error(`Migration failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await closeDatabase();
}
