CREATE TABLE "customer_labels" (
	"user_id" integer NOT NULL,
	"label" text NOT NULL,
	"added_by" text NOT NULL,
	"added_at" bigint NOT NULL,
	CONSTRAINT "customer_labels_user_id_label_pk" PRIMARY KEY("user_id","label")
);
--> statement-breakpoint
CREATE TABLE "customer_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"operator_id" integer NOT NULL,
	"operator_name" text NOT NULL,
	"text" text NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_sign_ins" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"ip" text NOT NULL,
	"device_id" text,
	"at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "account_frozen_at" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_labels" ADD CONSTRAINT "customer_labels_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_notes" ADD CONSTRAINT "customer_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_sign_ins" ADD CONSTRAINT "customer_sign_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_notes_user_idx" ON "customer_notes" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "customer_sign_ins_user_idx" ON "customer_sign_ins" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "customer_sign_ins_device_idx" ON "customer_sign_ins" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "customer_sign_ins_ip_idx" ON "customer_sign_ins" USING btree ("ip");
--> statement-breakpoint
CREATE INDEX "uploads_sha256_idx" ON "uploads" USING btree ("sha256");
--> statement-breakpoint
-- Operators' notes on a customer are append-only, like the audit log: a note is corrected by a later note.
CREATE FUNCTION "customer_notes_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'customer_notes rows are never changed or removed'; END $$;--> statement-breakpoint
CREATE TRIGGER "customer_notes_no_update_or_delete" BEFORE UPDATE OR DELETE ON "customer_notes" FOR EACH ROW EXECUTE FUNCTION "customer_notes_append_only"();--> statement-breakpoint
CREATE TRIGGER "customer_notes_no_truncate" BEFORE TRUNCATE ON "customer_notes" FOR EACH STATEMENT EXECUTE FUNCTION "customer_notes_append_only"();--> statement-breakpoint
-- place_order as in 0030, with one more refusal: an account an operator froze places no order ('frozen'),
-- checked under the user's row lock, after the requestId's prior order and before anything is written.
DROP FUNCTION IF EXISTS place_order(text, integer, integer, text, text, bigint, bigint, integer, text, bigint, bigint, integer, integer);
--> statement-breakpoint
CREATE FUNCTION place_order(
  p_token_hash text, p_user_id integer, p_product_id integer, p_request_id text, p_direction text, p_amount bigint,
  p_fee bigint, p_seconds integer, p_feed_source text, p_shown_price bigint, p_open_time bigint,
  p_wait_limit_ms integer, p_switch_settle_seconds integer
) returns table (outcome text, order_id integer, open_price bigint, open_tick_time bigint, open_time bigint, payout_bps integer)
language plpgsql volatile as $fn$
declare
  asked timestamptz;
  account record;
  found_id integer;
  open_stake bigint;
  product record;
  payout integer;
  cap integer;
  tick record;
  opened bigint;
  limits record;
begin
  -- the session first: unknown, expired, another user's, or its account locked (until locked_until, or until an
  -- operator unlocks when it has none) refuses before anything else is read; p_open_time is the server's clock
  perform 1 from sessions s join users u on u.id = s.user_id
  where s.token_hash = p_token_hash and s.user_id = p_user_id and s.expires_at > p_open_time
    and not (u.locked and (u.locked_until is null or u.locked_until > p_open_time));
  if not found then
    return query select 'session'::text, null::integer, null::bigint, null::bigint, null::bigint, null::integer;
    return;
  end if;
  select p.trading_enabled, p.feed_source, p.feed_changed_at, p.total_max, p.max_quote_age_seconds, p.requote_tolerance_bps
    into product from products p where p.id = p_product_id for share;
  if not found or not product.trading_enabled then
    return query select 'closed'::text, null::integer, null::bigint, null::bigint, null::bigint, null::integer;
    return;
  end if;
  if product.feed_source <> p_feed_source or p_open_time < product.feed_changed_at + p_switch_settle_seconds then
    return query select 'source'::text, null::integer, null::bigint, null::bigint, null::bigint, null::integer;
    return;
  end if;
  select o.payout_bps into payout from seconds_options o where o.product_id = p_product_id and o.seconds = p_seconds;
  if payout is null then
    return query select 'option'::text, null::integer, null::bigint, null::bigint, null::bigint, null::integer;
    return;
  end if;
  -- the cap is a money setting (server/modules/money/settings.ts), read as committed now
  select coalesce((select (s.value::jsonb ->> 'payoutCapBps')::integer from settings s where s.key = 'money'), 9500)
    into cap;
  if payout > cap or payout >= 10000 then
    return query select 'payout_cap'::text, null::integer, null::bigint, null::bigint, null::bigint, null::integer;
    return;
  end if;
  asked := clock_timestamp();
  select users.cash, users.locked, users.locked_until, users.account_frozen_at into account from users where users.id = p_user_id for update;
  -- a lock set while this call waited for the row counts too
  if account.locked and (account.locked_until is null or account.locked_until > p_open_time) then
    return query select 'session'::text, null::integer, null::bigint, null::bigint, null::bigint, null::integer;
    return;
  end if;
  select orders.id into found_id from orders where orders.user_id = p_user_id and orders.request_id = p_request_id;
  if found_id is not null then
    return query select 'prior'::text, found_id, null::bigint, null::bigint, null::bigint, null::integer;
    return;
  end if;
  -- an operator's freeze, read under the user's lock: a freeze committed while this call waited refuses it, and
  -- a retry of an order placed before the freeze still gets that order (above)
  if account.account_frozen_at is not null then
    return query select 'frozen'::text, null::integer, null::bigint, null::bigint, null::bigint, null::integer;
    return;
  end if;
  if clock_timestamp() - asked > p_wait_limit_ms * interval '1 millisecond' then
    return query select 'waited'::text, null::integer, null::bigint, null::bigint, null::bigint, null::integer;
    return;
  end if;
  -- the customer's own limits, read under the user's lock so that a change of them and an order never
  -- interleave; a missing row is no limit. Their checks (turnover, losses, open positions, balance, timeout,
  -- exclusion) belong here and are not enforced yet.
  select * into limits from user_limits l where l.user_id = p_user_id;
  -- the newest committed tick (the ticks' primary key is (product_id, time): one index probe)
  select t.price, t.time into tick from ticks t where t.product_id = p_product_id order by t.time desc limit 1;
  if not found or p_open_time - tick.time > product.max_quote_age_seconds then
    return query select 'stale'::text, null::integer, null::bigint, null::bigint, null::bigint, null::integer;
    return;
  end if;
  -- a tick committed during the lock wait may carry the next second: the order opens then, never before its price
  opened := greatest(p_open_time, tick.time);
  select coalesce(sum(orders.amount), 0) into open_stake from orders
  where orders.user_id = p_user_id and orders.status = 'holding' and orders.product_id = p_product_id;
  if open_stake + p_amount > product.total_max then
    return query select 'total_max'::text, null::integer, null::bigint, null::bigint, null::bigint, null::integer;
    return;
  end if;
  -- stake and fee together: a balance that covers the stake alone is refused here, never by the update below
  if account.cash < p_amount + p_fee then
    return query select 'balance'::text, null::integer, null::bigint, null::bigint, null::bigint, null::integer;
    return;
  end if;
  if p_shown_price is not null and abs(tick.price - p_shown_price) * 10000 > product.requote_tolerance_bps * tick.price then
    return query select 'price_moved'::text, null::integer, tick.price, tick.time, null::bigint, null::integer;
    return;
  end if;
  insert into orders (user_id, product_id, request_id, direction, amount, fee, seconds, payout_bps, open_price,
                      open_tick_time, open_time, expires_at)
  values (p_user_id, p_product_id, p_request_id, p_direction, p_amount, p_fee, p_seconds, payout, tick.price,
          tick.time, opened, opened + p_seconds)
  returning orders.id into found_id;
  -- covered, as checked above under the lock; the condition keeps the rule that no balance goes below zero
  update users set cash = users.cash - (p_amount + p_fee) where users.id = p_user_id and users.cash >= p_amount + p_fee;
  if not found then
    raise exception 'balance would go below zero for user %', p_user_id;
  end if;
  insert into ledger (user_id, account, delta, reason, reference, created_at)
  select p_user_id, 'cash', e.delta, e.reason, 'order:' || found_id, opened
  from (values (1, -p_amount, 'order_stake'), (2, -p_fee, 'order_fee')) as e(n, delta, reason)
  where e.delta <> 0
  order by e.n;
  return query select 'created'::text, found_id, tick.price, tick.time, opened, payout;
end
$fn$;
