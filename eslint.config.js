// Lint rules of the house: typescript-eslint's recommended set, React's hook
// rules and jsx-a11y's accessibility checks. Formatting is Prettier's job.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", "node_modules/", ".react-router/", "test-results/", "playwright-report/", "data/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": [
        "error",
        { fixStyle: "inline-type-imports", disallowTypeAnnotations: false },
      ],
      "no-console": "off",
    },
  },
  {
    // Server code logs through app/base/logger.server.ts, never console: its lines carry the
    // request's id and go through the log's redaction of secrets. Browser code, tests and the
    // benchmarks may use console. So may the operator's commands (scripts/, npm run db:seed): what
    // they print to the terminal is their answer, not a line of the site's log.
    files: [
      "server.ts",
      "app/**/*.server.{ts,tsx}",
      "app/server/**/*.ts",
      "app/base/**/*.ts",
      "app/services/**/*.ts",
      "app/storage/**/*.ts",
      "app/realtime/**/*.ts",
      "app/images/**/*.ts",
      "db/**/*.ts",
    ],
    ignores: ["**/*.test.ts", "db/seed.ts"],
    rules: { "no-console": "error" },
  },
  {
    // One way to ask before a change: the site's dialog (app/components/confirm-dialog.tsx,
    // ConfirmButton), never the browser's alert(), confirm() or prompt().
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: { "no-alert": "error" },
  },
  {
    // Every module under app/ may hold a hook (use-*.ts beside its component as well as .tsx), so the
    // hook rules cover them all. The two classic rules only; the React Compiler set (set-state-in-effect
    // and the like) flags the ordinary "reset local state when the route changes" pattern this app uses.
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    files: ["app/**/*.tsx"],
    plugins: { "jsx-a11y": jsxA11y },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // The first field of a page that exists only for its form (log in, invite, reset) takes
      // focus, as does the confirm button of a modal: where the person is about to type or choose.
      "jsx-a11y/no-autofocus": "off",
    },
  },
);
