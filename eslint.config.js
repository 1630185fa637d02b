import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// The rooms of docs/decisions/016-rooms.md and which way their imports point.
// Routes -> models -> db; platform (request plumbing) may call models; lib
// holds helpers with no feature in them and imports none of the others; the
// browser's rooms (components, hooks, state) may name a route's or the
// root's loader only for its type.
const noDb = { group: ["~/models/db/db.server", "**/db/db.server"], importNames: ["db"], message: "Only app/models talks to the database: call a model function." };
const room = (names, message) => ({ group: names.map((name) => `~/${name}`).concat(names.map((name) => `~/${name}/**`)), message });
const upward = room(["routes", "root", "components", "hooks", "state"], "Models, platform and lib never import the UI: pass what they need as arguments.");
const roomRules = [
  { files: ["app/**"], rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [noDb] }] } },
  { files: ["app/models/**"], rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [upward] }] } },
  { files: ["app/platform/**"], rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [noDb, upward] }] } },
  {
    files: ["app/lib/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { patterns: [room(["models", "platform", "routes", "root", "components", "hooks", "state"], "app/lib holds helpers with no feature in them: it imports no other room."), { group: ["../*"], message: "app/lib imports no other room." }] },
      ],
    },
  },
  {
    files: ["app/components/**", "app/hooks/**", "app/state/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { patterns: [noDb, { ...room(["routes", "root"], "The browser's rooms take a route's data by its loader's type only."), allowTypeImports: true }] },
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
    plugins: { "react-hooks": reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  ...roomRules,
);
