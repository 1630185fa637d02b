import { ESLint } from "eslint";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// The rooms of docs/architecture.md hold because `npm run lint` fails on an
// import that points the wrong way or closes a circle. Each test plants
// such an import in a file of the tree and sees lint refuse it, naming the
// rule; the same file with an allowed import passes.

const eslint = new ESLint({ cwd: process.cwd() });
const root = process.cwd();

async function problems(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.map((message) => message.ruleId);
}

const scratch = path.join(root, "app/models", `planted-${randomBytes(4).toString("hex")}`);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("the rooms' arrows", () => {
  it("a model may not import the web edge, a route or the UI, by alias or by a relative path", async () => {
    expect(await problems("app/models/cart/planted.server.ts", 'import { apiOk } from "~/web/api.server";\nexport const x = apiOk;\n')).toContain("import-x/no-restricted-paths");
    expect(await problems("app/models/cart/planted.server.ts", 'import { apiOk } from "../../web/api.server";\nexport const x = apiOk;\n')).toContain("import-x/no-restricted-paths");
    expect(await problems("app/models/cart/planted.server.ts", 'import { ErrorScreen } from "~/components/ErrorScreen";\nexport const x = ErrorScreen;\n')).toContain(
      "import-x/no-restricted-paths",
    );
    expect(await problems("app/models/cart/planted.server.ts", 'import { readCart } from "~/models/cart/cart.server";\nexport const x = readCart;\n')).toEqual([]);
  });

  it("a model speaks no HTTP: no @remix-run, no Request, no Response", async () => {
    expect(await problems("app/models/cart/planted.server.ts", 'import { redirect } from "@remix-run/node";\nexport const x = redirect;\n')).toContain(
      "@typescript-eslint/no-restricted-imports",
    );
    expect(await problems("app/models/cart/planted.server.ts", "export const x = (request: Request) => request.url;\n")).toContain("no-restricted-syntax");
    expect(await problems("app/models/cart/planted.server.ts", "export const x = (): Response => new Response();\n")).toContain("no-restricted-syntax");
  });

  it("infrastructure imports no model, and lib imports no other room", async () => {
    expect(await problems("app/platform/planted.server.ts", 'import { readCart } from "~/models/cart/cart.server";\nexport const x = readCart;\n')).toContain(
      "import-x/no-restricted-paths",
    );
    expect(await problems("app/lib/planted.ts", 'import { logger } from "~/platform/logger.server";\nexport const x = logger;\n')).toContain("import-x/no-restricted-paths");
    expect(await problems("app/web/planted.server.ts", 'import { loader } from "~/routes/api/health/health";\nexport const x = loader;\n')).toContain("import-x/no-restricted-paths");
    expect(await problems("app/web/planted.server.ts", 'import { readCart } from "~/models/cart/cart.server";\nexport const x = readCart;\n')).toEqual([]);
  });

  it("the UI stands below the routes and the root, even for a loader's type; a hook below the components", async () => {
    expect(await problems("app/components/Planted.tsx", 'import type { loader } from "~/routes/layout";\nexport type X = typeof loader;\n')).toContain("import-x/no-restricted-paths");
    expect(await problems("app/components/Planted.tsx", 'import type { loader } from "../root";\nexport type X = typeof loader;\n')).toContain("import-x/no-restricted-paths");
    expect(await problems("app/hooks/planted.ts", 'import { LocaleLink } from "~/components/LocaleLink";\nexport const x = LocaleLink;\n')).toContain("import-x/no-restricted-paths");
    expect(await problems("app/components/Planted.tsx", 'import type { shellLoader } from "~/web/shell-loader.server";\nexport type X = typeof shellLoader;\n')).toEqual([]);
  });

  it("two files that import each other close a circle, and lint names it", async () => {
    mkdirSync(scratch, { recursive: true });
    const first = path.join(scratch, "first.ts");
    const second = path.join(scratch, "second.ts");
    writeFileSync(second, 'import { one } from "./first";\nexport const two = () => one() + 1;\n');
    writeFileSync(first, 'import { two } from "./second";\nexport const one = () => 1;\nexport const three = () => two() + 1;\n');
    const [result] = await eslint.lintFiles([first]);
    expect(result!.messages.map((message) => message.ruleId)).toContain("import-x/no-cycle");
    // Type-only imports leave no arrow at run time, so they close no circle.
    writeFileSync(first, 'import type { two } from "./second";\nexport const one = () => 1;\nexport type Three = typeof two;\n');
    const [typed] = await eslint.lintFiles([first]);
    expect(typed!.messages.map((message) => message.ruleId)).not.toContain("import-x/no-cycle");
  });
});

describe("the ground floor", () => {
  it("the database module imports no feature, and a migration imports no code of the app", async () => {
    expect(await problems("app/models/db/planted.server.ts", 'import { readCart } from "~/models/cart/cart.server";\nexport const x = readCart;\n')).toContain("import-x/no-restricted-paths");
    expect(await problems("app/models/db/migrations/9999-planted.ts", 'import { toMinor } from "~/lib/money";\nexport const x = toMinor;\n')).toContain("import-x/no-restricted-paths");
    expect(await problems("app/models/db/migrations/9999-planted.ts", 'import { sql } from "kysely";\nexport const x = sql;\n')).toEqual([]);
  });
});

/** Which feature folders of app/models each feature folder imports at run time (type-only imports leave no arrow). */
function featureArrows() {
  const modelsDir = path.join(root, "app/models");
  const arrows = new Map<string, Set<string>>();
  for (const feature of readdirSync(modelsDir, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name)) {
    const files = readdirSync(path.join(modelsDir, feature), { recursive: true, encoding: "utf8" }).filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));
    const targets = new Set<string>();
    for (const file of files) {
      const code = readFileSync(path.join(modelsDir, feature, file), "utf8");
      for (const [, specifier] of code.matchAll(/^import (?!type )[^;]*?from "([^"]+)";/gms)) {
        const resolved = specifier!.startsWith("~/") ? path.join(root, "app", specifier!.slice(2)) : path.resolve(path.dirname(path.join(modelsDir, feature, file)), specifier!);
        const [first, other] = path.relative(modelsDir, resolved).split(path.sep);
        if (first !== ".." && other !== undefined && first !== feature) targets.add(first!);
      }
    }
    arrows.set(feature, targets);
  }
  return arrows;
}

describe("feature folders", () => {
  it("depend one way: no two folders of app/models import each other", () => {
    const arrows = featureArrows();
    // The reading is real: checkout reads payments (its methods), payments never reads checkout.
    expect(arrows.get("checkout")).toContain("payments");
    const twoWay = [...arrows].flatMap(([from, targets]) => [...targets].filter((to) => from < to && arrows.get(to)?.has(from)).map((to) => `${from} <-> ${to}`));
    expect(twoWay).toEqual([]);
  });
});
