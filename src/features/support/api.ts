import type { PlatformInfo } from "../../../contract/mine";
import { apiPaths } from "../../../contract/paths";
import { call } from "../../api/client";

export const fetchPlatformInfo = () => call<PlatformInfo>(apiPaths.platformInfo);
