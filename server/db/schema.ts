import { sql } from "drizzle-orm";
import { bigint, bigserial, boolean, index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";

/** Unix seconds: the API's unit of time (spec §3). */
const unixSeconds = (name: string) => bigint(name, { mode: "number" });
/** Integer cents (DESIGN §4); the number mode is exact up to 2^53 cents. */
const cents = (name: string) => bigint(name, { mode: "number" }).notNull().default(0);

export const users = pgTable("users", {
  id: serial("id").primaryKey(),
  account: text("account").notNull().unique(),
  passwordHash: text("password_hash").notNull(),
  payPasswordHash: text("pay_password_hash"),
  phone: text("phone").notNull(),
  inviteCode: text("invite_code").notNull().unique(),
  inviterId: integer("inviter_id"),
  name: text("name"),
  language: text("language").notNull().default("en"),
  vipLevel: integer("vip_level").notNull().default(0),
  verified: boolean("verified").notNull().default(false),
  locked: boolean("locked").notNull().default(false),
  cash: cents("cash"),
  coin: cents("coin"),
  frozen: cents("frozen"),
  yuebao: cents("yuebao"),
  createdAt: unixSeconds("created_at").notNull(),
});

export const sessions = pgTable(
  "sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id").notNull(),
    createdAt: unixSeconds("created_at").notNull(),
    expiresAt: unixSeconds("expires_at").notNull(),
  },
  (table) => [index("sessions_user_idx").on(table.userId)],
);

/** The SMS outbox: the default SmsSender writes here; the operator reads it. */
export const smsCodes = pgTable(
  "sms_codes",
  {
    id: serial("id").primaryKey(),
    phone: text("phone").notNull(),
    code: text("code").notNull(),
    createdAt: unixSeconds("created_at").notNull(),
    expiresAt: unixSeconds("expires_at").notNull(),
    usedAt: unixSeconds("used_at"),
  },
  (table) => [index("sms_codes_phone_idx").on(table.phone, table.createdAt)],
);

export const loginFailures = pgTable(
  "login_failures",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").notNull(),
    at: unixSeconds("at").notNull(),
  },
  (table) => [index("login_failures_user_idx").on(table.userId, table.at)],
);

/** Every balance change, in the same transaction as the change: balance = sum(delta) per account. */
export const ledger = pgTable(
  "ledger",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: integer("user_id").notNull(),
    account: text("account").notNull(),
    delta: bigint("delta", { mode: "number" }).notNull(),
    reason: text("reason").notNull(),
    reference: text("reference"),
    createdAt: unixSeconds("created_at").notNull().default(sql`extract(epoch from now())::bigint`),
  },
  (table) => [index("ledger_user_idx").on(table.userId)],
);

export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});
