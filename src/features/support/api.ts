import { call } from "@/api/client";
import { apiPaths } from "#contract/paths";

export const fetchPlatformInfo = () => call(apiPaths.platformInfo);
