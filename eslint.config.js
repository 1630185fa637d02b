import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import importX from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";

// The rooms of docs/architecture.md and which way their imports point:
// routes -> web -> models -> platform -> lib, with db inside models. Each
// zone names the rooms a room may not import, by resolved path, so a
// relative import is held to it as much as a "~/" one, and a type import as
// much as any: the browser's rooms (components, hooks, state) read a route's
// data by a loader type from app/web (hooks/route-data.ts), never from a
// route or the root above them. Tests are outside the rooms.
const ROOMS = ["lib", "locales", "themes", "platform", "models", "web", "routes", "root.tsx", "entry.server.tsx", "entry.client.tsx", "components", "hooks", "state"];
const above = {
  lib: ROOMS.filter((r) => r !== "lib"),
  locales: ROOMS.filter((r) => !["lib", "locales"].includes(r)),
  themes: ROOMS.filter((r) => !["lib", "themes"].includes(r)),
  platform: ["models", "web", "routes", "root.tsx", "entry.server.tsx", "entry.client.tsx", "components", "hooks", "state"],
  models: ["web", "routes", "root.tsx", "entry.server.tsx", "entry.client.tsx", "components", "hooks", "state"],
  web: ["routes", "root.tsx", "entry.server.tsx", "entry.client.tsx", "components", "hooks", "state"],
  components: ["routes", "root.tsx", "entry.server.tsx", "entry.client.tsx"],
  hooks: ["routes", "root.tsx", "entry.server.tsx", "entry.client.tsx", "components"],
  state: ["routes", "root.tsx", "entry.server.tsx", "entry.client.tsx", "components", "hooks"],
};
const WHY = {
  lib: "app/lib holds helpers with no feature in them: it imports no other room.",
  locales: "Texts import nothing but lib.",
  themes: "Themes import nothing but lib.",
  platform: "app/platform is infrastructure below the models: env, logging, mail, error reporting, texts. Pass what it needs as arguments.",
  models: "Models are HTTP-free and below the web edge and the UI: take plain values, return typed results (docs/architecture.md).",
  web: "The web edge serves routes and never imports them or the UI.",
  components: "Components stand below the routes and the root: a route's data comes by a loader type from app/web (hooks/route-data.ts).",
  hooks: "Hooks stand below the components, the routes and the root: a route's data comes by a loader type from app/web (hooks/route-data.ts).",
  state: "The browser's state is the UI's ground floor: it imports no hook, component or route.",
};
const zones = Object.entries(above).map(([room, forbidden]) => ({
  target: `./app/${room}`,
  from: forbidden.map((name) => `./app/${name}`),
  message: WHY[room],
}));
// The ground floor: the database knows no feature, and a migration carries
// what it needs as it was when written, so a change to today's code never
// changes what an old migration does.
zones.push(
  { target: "./app/models/db", from: "./app/models", except: ["./db"], message: "app/models/db is the ground floor: it imports no feature." },
  { target: "./app/models/db/migrations", from: "./app", message: "A migration imports no code of the app: it carries what it needs as it was when written." },
);
const noDb = { group: ["~/models/db/db.server", "**/db/db.server"], importNames: ["db"], message: "Only app/models talks to the database: call a model function." };
const TESTS = ["**/*.test.ts", "**/*.test.tsx"];
const roomRules = [
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: TESTS,
    rules: {
      "import-x/no-restricted-paths": ["error", { zones }],
      // Type-only imports are left out: they leave no arrow at run time.
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  { files: ["app/**"], ignores: ["app/models/**"], rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [noDb] }] } },
  {
    files: ["app/models/**"],
    ignores: TESTS,
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { patterns: [{ group: ["@remix-run/*"], message: "Models are HTTP-free: the web edge (app/web) turns requests into plain values and results into answers." }] },
      ],
      "no-restricted-syntax": [
        "error",
        { selector: "TSTypeReference[typeName.name='Request']", message: "Models take plain values, not a Request: read what is needed in app/web." },
        { selector: "TSTypeReference[typeName.name='Response']", message: "Models return typed results, not a Response: app/web turns them into answers." },
      ],
    },
  },
];

export default tseslint.config(
  { ignores: ["build/", "data/", "node_modules/", "test-results/", "playwright-report/", "bench-results/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  jsxA11y.flatConfigs.recommended,
  {
    plugins: { "react-hooks": reactHooks, "import-x": importX },
    settings: { ...importX.flatConfigs.typescript.settings, "import-x/resolver-next": [createTypeScriptImportResolver()] },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  ...roomRules,
);
