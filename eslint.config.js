// eslint over the browser code (src/boardroom/web/static/js): its recommended rules and a
// few more that catch real bugs. Run: npx eslint (scripts/test runs it; docs/browser.md).
import js from "@eslint/js";
import globals from "globals";

export default [
  // what is not the project's own code
  {ignores: ["**/.venv/", "node_modules/", "build/", "dist/"]},
  {
    files: ["src/boardroom/web/static/js/**/*.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: globals.browser,
    },
    linterOptions: {reportUnusedDisableDirectives: "error"},
    rules: {
      ...js.configs.recommended.rules,
      // a caught error the handler does not read is the usual "try again later"
      "no-unused-vars": ["error", {caughtErrors: "none"}],
      "eqeqeq": ["error", "always"],
      "no-implicit-globals": "error",
      "no-shadow-restricted-names": "error",
      "no-self-compare": "error",
      "no-template-curly-in-string": "error",
      "no-unmodified-loop-condition": "error",
      "no-unreachable-loop": "error",
      "no-use-before-define": ["error", {functions: false, classes: false, variables: false}],
      "no-constructor-return": "error",
      "no-promise-executor-return": "error",
      "no-new-wrappers": "error",
      "no-throw-literal": "error",
      "array-callback-return": "error",
      "default-param-last": "error",
      "no-var": "error",
      "prefer-const": "error",
      "radix": "error",
    },
  },
  {
    // the checkers' own configuration, run by Node
    files: ["eslint.config.js"],
    languageOptions: {sourceType: "module", globals: globals.node},
  },
];
