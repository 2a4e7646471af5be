import "fake-indexeddb/auto";

import { i18n } from "@lingui/core";

import { messages as pages } from "../../locales/en/pages";
import { messages as shell } from "../../locales/en/shell";

i18n.loadAndActivate({ locale: "en", messages: { ...shell, ...pages } });
