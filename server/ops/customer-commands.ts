// The customer-desk commands of `npm run ops`, as a signed-in person (the machine token acts on no customer).
// cli.ts dispatches to this table as to its own; the paths and answers are the console's customer page's.
import { opsPaths } from "#contract/ops-paths";

import type { OperatorCommand } from "./operator-commands";

export const customerCommands: Record<string, OperatorCommand> = {
  freeze: {
    usage: "freeze <account>   (no orders, plans, exchanges or withdrawals; logging in and settlements go on)",
    ...opsPaths.setCustomerFrozen,
    fields: ([account]) => ({ account: account ?? "", frozen: "1" }),
  },
  unfreeze: {
    usage: "unfreeze <account>",
    ...opsPaths.setCustomerFrozen,
    fields: ([account]) => ({ account: account ?? "", frozen: "0" }),
  },
  "reset-customer-password": {
    usage: "reset-customer-password <account>   (prints a temporary password once; their sessions end, the app asks for a new one)",
    ...opsPaths.resetCustomerPassword,
    fields: ([account]) => ({ account: account ?? "" }),
  },
  note: {
    usage: "note <account> <text…>   (dated, with your name; notes are never changed)",
    ...opsPaths.addCustomerNote,
    fields: ([account, ...text]) => ({ account: account ?? "", text: text.join(" ") }),
  },
  label: {
    usage: "label <account> <watch|bonus_abuse|chargeback_risk|vip> [on|off]",
    ...opsPaths.setCustomerLabel,
    fields: ([account, label, state]) => ({ account: account ?? "", label: label ?? "", on: state === "off" ? "0" : "1" }),
  },
  customer: {
    usage: "customer <id>   (the customer page: flags, sign-ins, history, notes, labels, warnings)",
    ...opsPaths.userDetail,
    fields: ([id]) => ({ id: id ?? "" }),
  },
};
