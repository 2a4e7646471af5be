import { call } from "@/api/client";
import type { PlatformInfo } from "#contract/mine";
import { apiPaths } from "#contract/paths";

export const fetchPlatformInfo = () => call<PlatformInfo>(apiPaths.platformInfo);
