import { call } from "@/api/client";
import { apiPaths } from "#contract/paths";
import type { PlatformInfo } from "#contract/support";

export const fetchPlatformInfo = () => call(apiPaths.platformInfo);
