// Fills the database with the demo shop, replacing whatever is there:
//   npm run db:seed -- --products 3000 --seed 1
import { createDatabase, migrate } from "../app/models/db/db.server";
import { MAX_DEMO_PRODUCTS, seedDemoData } from "../app/models/demo-data/index.server";

const USAGE = "Usage: npm run db:seed -- [--products N] [--seed S]   (defaults: --products 3000 --seed 1)";

function fail(message: string): never {
  console.error(`db:seed: ${message}\n${USAGE}`);
  process.exit(1);
}

function wholeNumber(name: string, text: string | undefined, fallback: number, max = Number.MAX_SAFE_INTEGER) {
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text.trim())) fail(`--${name} must be a whole number of 0 or more, got "${text}"`);
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value > max) fail(`--${name} must be at most ${max}, got ${text}`);
  return value;
}

/** Reads --products and --seed as "--name value" or "--name=value"; a value may look like "-5" so it can be refused clearly. */
function parseOptions(argv: string[]) {
  const values: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--help" || arg === "-h") {
      console.log(USAGE);
      process.exit(0);
    }
    const match = /^--(products|seed)(?:=(.*))?$/.exec(arg);
    if (!match) fail(`unknown argument "${arg}"`);
    const name = match[1]!;
    const value = match[2] ?? argv[++i];
    if (value === undefined || value === "") fail(`--${name} needs a value`);
    values[name] = value;
  }
  return {
    products: wholeNumber("products", values.products, 3000, MAX_DEMO_PRODUCTS),
    seed: wholeNumber("seed", values.seed, 1),
  };
}

const options = parseOptions(process.argv.slice(2));
const url = process.env.DATABASE_URL ?? "file://./data/pglite";
const db = createDatabase(url);
const started = performance.now();
try {
  await migrate(db);
  const elapsed = () => ((performance.now() - started) / 1000).toFixed(1);
  const s = await seedDemoData(db, { ...options, log: (msg) => console.log(`  [${elapsed()} s] ${msg}`) });
  const seconds = elapsed();
  console.log(
    `Seeded ${s.products} products (${s.productTranslations} translations, ${s.productAdditionalValues} additional values, ` +
      `${s.productFlags} flag links), ${s.categories} categories, ${s.manufacturers} manufacturers, ${s.flags} flags, ` +
      `${s.users} users, ${s.orders} orders, ${s.balanceEntries} balance entries, ${s.pages} pages, ` +
      `${s.blogPosts} blog posts, ${s.faqEntries} FAQ entries with seed ${s.seed} in ${seconds} s`,
  );
} catch (error) {
  console.error("db:seed failed:", error);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
