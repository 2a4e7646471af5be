// The payout and adjustment commands of `npm run ops` (finance or admin, as a signed-in person: the machine
// token marks no payment and moves no money). cli.ts dispatches to this table as to its own.
import { opsPaths } from "#contract/ops-paths";

import type { OperatorCommand } from "./operator-commands";

const rest = (words: string[]) => words.join(" ");

export const moneyCommands: Record<string, OperatorCommand> = {
  "withdrawal-paid": {
    usage: "withdrawal-paid <id> <bank reference>   (an approved withdrawal reached the customer; the reference is unique per channel)",
    ...opsPaths.markWithdrawalPaid,
    fields: ([id, ...reference]) => ({ id: id ?? "", reference: rest(reference) }),
  },
  "withdrawal-failed": {
    usage: "withdrawal-failed <id> <reason>   (the payment failed: the whole amount returns to the customer's cash)",
    ...opsPaths.markWithdrawalFailed,
    fields: ([id, ...reason]) => ({ id: id ?? "", reason: rest(reason) }),
  },
  adjustments: {
    usage: "adjustments [pending|applied|rejected|all]",
    ...opsPaths.listAdjustments,
    fields: ([status]) => ({ status: status ?? "pending" }),
  },
  "adjust-propose": {
    usage:
      "adjust-propose <account> <credit|debit> <amount> <reason…> [--recharge <id> | --ledger <id>]   (a correction names what it corrects; another person applies it)",
    ...opsPaths.proposeAdjustment,
    fields: (args) => {
      const named = (flag: string) => {
        const at = args.indexOf(flag);
        return at >= 0 ? (args[at + 1] ?? "") : undefined;
      };
      const recharge = named("--recharge");
      const ledger = named("--ledger");
      const words = args.filter((word, i) => !word.startsWith("--") && !args[i - 1]?.startsWith("--"));
      const [account, direction, amount, ...reason] = words;
      return {
        account: account ?? "",
        direction: direction ?? "",
        amount: amount ?? "",
        reason: rest(reason),
        ...(recharge !== undefined ? { recharge } : {}),
        ...(ledger !== undefined ? { ledger } : {}),
      };
    },
  },
  "adjust-apply": {
    usage: "adjust-apply <id>   (a person other than the one who proposed it)",
    ...opsPaths.decideAdjustment,
    fields: ([id]) => ({ id: id ?? "", decision: "apply" }),
  },
  "adjust-reject": {
    usage: "adjust-reject <id> [note]",
    ...opsPaths.decideAdjustment,
    fields: ([id, ...note]) => ({ id: id ?? "", decision: "reject", note: rest(note) }),
  },
};
