// The worker thread that builds the catalogue index on PostgreSQL with its
// own connection, off the thread that answers shoppers
// (app/models/catalogue/catalogue-index.server.ts starts it).
import { runIndexWorker } from "../app/models/catalogue/catalogue-index.server";

await runIndexWorker();
