import type { Browser } from "playwright-core";
export declare const CHROME_ARGS: string[];
export declare function chromePath(): Promise<string>;
export declare function launchBrowser(): Promise<Browser>;
