import type { Browser } from "playwright-core";
export declare const CHROME_PATH: string;
export declare const CHROME_ARGS: string[];
export declare function launchBrowser(): Promise<Browser>;
