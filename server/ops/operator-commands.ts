// The operator-management commands of `npm run ops` (admins only, and as a person: the machine token manages
// no operator). cli.ts dispatches to this table as to its own; the paths and answers are the console's.
import { opsPaths } from "#contract/ops-paths";

export interface OperatorCommand {
  usage: string;
  method: "GET" | "POST";
  path: string;
  fields: (args: string[]) => Record<string, string>;
}

const named = ([username]: string[]) => ({ username: username ?? "" });

export const operatorCommands: Record<string, OperatorCommand> = {
  "operator-disable": {
    usage: "operator-disable <username>   (every session of theirs ends at once)",
    ...opsPaths.setOperatorEnabled,
    fields: ([username]) => ({ username: username ?? "", enabled: "0" }),
  },
  "operator-enable": {
    usage: "operator-enable <username>",
    ...opsPaths.setOperatorEnabled,
    fields: ([username]) => ({ username: username ?? "", enabled: "1" }),
  },
  "operator-role": {
    usage: "operator-role <username> <admin|finance|support|content>",
    ...opsPaths.setOperatorRole,
    fields: ([username, role]) => ({ username: username ?? "", role: role ?? "" }),
  },
  "operator-reset-password": {
    usage: "operator-reset-password <username>   (prints a temporary password; they set their own at next sign-in)",
    ...opsPaths.resetOpsPassword,
    fields: named,
  },
  "operator-reset-totp": {
    usage: "operator-reset-totp <username>   (they enrol a new authenticator at next sign-in)",
    ...opsPaths.resetOperatorTotp,
    fields: named,
  },
  "operator-sessions": { usage: "operator-sessions <username>", ...opsPaths.operatorSessions, fields: named },
  "operator-end-sessions": {
    usage: "operator-end-sessions <username> [ref]   (one session by its ref from operator-sessions, else all)",
    ...opsPaths.endOperatorSessions,
    fields: ([username, ref]) => ({ username: username ?? "", ...(ref ? { ref } : {}) }),
  },
  "operator-link": {
    usage: "operator-link <username> <customer account>   (they may not review that customer's requests)",
    ...opsPaths.setOperatorCustomer,
    fields: ([username, account]) => ({ username: username ?? "", account: account ?? "", linked: "1" }),
  },
  "operator-unlink": {
    usage: "operator-unlink <username> <customer account>",
    ...opsPaths.setOperatorCustomer,
    fields: ([username, account]) => ({ username: username ?? "", account: account ?? "", linked: "0" }),
  },
};
