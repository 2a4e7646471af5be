import type { Harness } from "../harness";

/**
 * A digest of every row a request could change on purpose: balances and passwords (users), the ledger, orders,
 * cards, uploads, recharges, withdrawals, exchanges, plans, subscriptions, verifications, messages, content,
 * sign-ins, settings, products and request claims (a refused request must leave no claim behind). Left out on
 * purpose: session expiry (sliding on every authenticated read), the SMS outbox and password tries
 * (password_guards and login_guards: a refused password is counted by design), ticks and candles (the feed).
 */
const TABLES = [
  "users",
  "ledger",
  "orders",
  "bank_cards",
  "uploads",
  "deposit_channels",
  "recharges",
  "withdrawals",
  "exchanges",
  "finance_plans",
  "subscriptions",
  "verifications",
  "messages",
  "message_reads",
  "contents",
  "signins",
  "settings",
  "products",
  "seconds_options",
  "request_claims",
];

const QUERY = `select ${TABLES.map((table) => `(select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) from ${table} t) as ${table}`).join(", ")}, (select count(*) from sessions) as session_count`;

export async function stateFingerprint(h: Harness): Promise<Record<string, string>> {
  const result = (await h.database.db.execute(QUERY as never)) as unknown as { rows: Array<Record<string, string>> };
  return result.rows[0]!;
}
