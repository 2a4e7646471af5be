declare const __APP_VERSION__: string;

/** The build's version (vite.config.ts `define`): package.json's, or the APP_VERSION a deploy set. */
export const APP_VERSION: string = __APP_VERSION__;
