import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

// Native or Node-only packages used by *.server.ts modules.
const serverOnlyPackages = ["@node-rs/argon2", "postgres", "sharp", "exiftool-vendored", "minio", "nodemailer"];

export default defineConfig(({ isSsrBuild }) => ({
  // The server bundle's entry is our Express app (which itself imports the
  // React Router server build), so server.ts loads one module in production.
  build: isSsrBuild ? { rollupOptions: { input: "./app/server/app.ts" } } : {},
  // Native and CJS-heavy server packages stay external so they load from node_modules.
  ssr: { external: serverOnlyPackages },
  // Vite's dev dependency scan walks the routes into *.server.ts files; these never reach the browser.
  optimizeDeps: { exclude: serverOnlyPackages },
  plugins: [reactRouter(), tsconfigPaths()],
}));
