import type { Config } from "@tanstack/router-plugin";
export declare const routeTreeOptions: Partial<Config>;
export declare function generateRouteTree(root?: string): Promise<void>;
