import "fake-indexeddb/auto";
import { i18n } from "@lingui/core";
import { messages } from "../../src/i18n/locales/en/messages";

i18n.loadAndActivate({ locale: "en", messages });
