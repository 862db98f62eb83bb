/** Facts about this build, fixed when the bundle is made (vite.config.ts `define`). */
export const buildInfo = {
  version: __APP_VERSION__,
  commit: __APP_COMMIT__,
  buildTime: __APP_BUILD_TIME__,
} as const;
