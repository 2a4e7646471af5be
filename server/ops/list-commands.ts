import { opsPaths } from "#contract/ops-paths";

/** The console's long lists by name: each list's path and its CSV export's. */
const LISTS = {
  recharges: [opsPaths.listRecharges, opsPaths.exportRecharges],
  withdrawals: [opsPaths.listWithdrawals, opsPaths.exportWithdrawals],
  verifications: [opsPaths.listVerifications, opsPaths.exportVerifications],
  users: [opsPaths.searchUsers, opsPaths.exportUsers],
  ledger: [opsPaths.ledgerRows, opsPaths.exportLedger],
  audit: [opsPaths.auditLog, opsPaths.exportAudit],
  adjustments: [opsPaths.listAdjustments, opsPaths.exportAdjustments],
} as const;

/** `status=all since=2026-11-01 q=ann` as request fields; the server parses and refuses them naming the field. */
const filterFields = (args: string[]) =>
  Object.fromEntries(
    args.filter((arg) => arg.includes("=")).map((arg) => [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)]),
  );

const FILTERS = "[status=… since=YYYY-MM-DD until=… minAmount=… maxAmount=… q=… sort=time|amount order=asc cursor=…]";

/**
 * `list <name> [field=value…]` prints one page as JSON (its `next` is the cursor of the page after);
 * `export <name> [field=value…]` prints every row the filters select as CSV, e.g. `> withdrawals.csv`.
 */
export const listCommands = Object.fromEntries(
  Object.entries(LISTS).flatMap(([name, [list, exported]]) => [
    [`list-${name}`, { usage: `list-${name} ${FILTERS}`, method: list.method, path: list.path, fields: filterFields }],
    [
      `export-${name}`,
      { usage: `export-${name} ${FILTERS} > ${name}.csv`, method: exported.method, path: exported.path, fields: filterFields },
    ],
  ]),
);
