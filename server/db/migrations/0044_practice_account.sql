ALTER TABLE "orders" ADD COLUMN "account" text DEFAULT 'real' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "practice" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "practice_opened_at" bigint;--> statement-breakpoint
-- The practice balance opens at first use with 10 000.00 and one ledger line (`practice_start`), exactly once:
-- the update's condition is re-read after a concurrent opener's commit, so only one of them credits it.
CREATE OR REPLACE FUNCTION open_practice_account(p_user_id integer, p_now bigint) returns boolean
language plpgsql volatile as $fn$
begin
  update users set practice = users.practice + 1000000, practice_opened_at = p_now
  where users.id = p_user_id and users.practice_opened_at is null;
  if not found then
    return false;
  end if;
  insert into ledger (user_id, account, delta, reason, reference, created_at)
  values (p_user_id, 'practice', 1000000, 'practice_start', 'practice', p_now);
  return true;
end
$fn$;
--> statement-breakpoint
-- The customer's money limits count real orders only: practice orders stake no money.
CREATE OR REPLACE FUNCTION order_limit_use(p_user_id integer, p_now bigint)
returns table (window_seconds integer, turnover bigint, losses bigint, oldest bigint)
language sql stable as $fn$
  select w.seconds, coalesce(sum(o.amount), 0)::bigint, coalesce(sum(o.amount + o.fee - coalesce(o.payout, 0)), 0)::bigint,
         min(o.open_time)
  from (values (86400), (604800), (2592000)) as w(seconds)
  left join orders o on o.user_id = p_user_id and o.open_time > p_now - w.seconds and o.status <> 'void' and o.account = 'real'
  group by w.seconds
  order by w.seconds
$fn$;
--> statement-breakpoint
-- As in 0037, with only real orders counted towards the open-positions limit.
CREATE OR REPLACE FUNCTION order_limit_refusal(p_user_id integer, p_cash bigint, p_amount bigint, p_fee bigint, p_now bigint)
returns table (refusal text, resets_at bigint)
language plpgsql volatile as $fn$
declare
  l record;
  used record;
  open_count integer;
  next_close bigint;
  turnover_max bigint;
  losses_max bigint;
  span text;
begin
  perform apply_due_limit_changes(p_user_id, p_now);
  select * into l from user_limits u where u.user_id = p_user_id;
  if not found then
    return;
  end if;
  if greatest(l.timeout_until, l.excluded_until) > p_now then
    return query select 'self_excluded'::text, greatest(l.timeout_until, l.excluded_until);
    return;
  end if;
  -- a balance above the customer's own ceiling trades no more until it is back under it
  if l.balance_max is not null and p_cash > l.balance_max then
    return query select 'maxBalance'::text, null::bigint;
    return;
  end if;
  if l.open_positions_max is not null then
    select count(*), min(o.expires_at) into open_count, next_close from orders o
    where o.user_id = p_user_id and o.status = 'holding' and o.account = 'real';
    if open_count >= l.open_positions_max then
      return query select 'maxOpenPositions'::text, next_close;
      return;
    end if;
  end if;
  if coalesce(l.turnover_max_day, l.turnover_max_7_days, l.turnover_max_30_days,
              l.losses_max_day, l.losses_max_7_days, l.losses_max_30_days) is null then
    return;
  end if;
  for used in select * from order_limit_use(p_user_id, p_now) loop
    if used.window_seconds = 86400 then
      turnover_max := l.turnover_max_day; losses_max := l.losses_max_day; span := '1d';
    elsif used.window_seconds = 604800 then
      turnover_max := l.turnover_max_7_days; losses_max := l.losses_max_7_days; span := '7d';
    else
      turnover_max := l.turnover_max_30_days; losses_max := l.losses_max_30_days; span := '30d';
    end if;
    if turnover_max is not null and used.turnover + p_amount > turnover_max then
      return query select 'maxTurnover' || span, coalesce(used.oldest, p_now) + used.window_seconds;
      return;
    end if;
    if losses_max is not null and used.losses + p_amount + p_fee > losses_max then
      return query select 'maxLosses' || span, coalesce(used.oldest, p_now) + used.window_seconds;
      return;
    end if;
  end loop;
end
$fn$;
--> statement-breakpoint
-- place_order as in 0037, with the account the order stakes (p_account: 'real' or 'practice'). A practice order
-- is checked against the practice balance, opens it at first use, books stake and fee on the practice account,
-- and passes none of the customer's money limits (a timeout or exclusion still refuses it). The open stake per
-- product (total_max) is counted per account. The old signature is dropped first: no overload stays behind.
DROP FUNCTION IF EXISTS place_order(text, integer, integer, text, text, bigint, bigint, integer, text, bigint, bigint, integer, integer);
--> statement-breakpoint
DROP FUNCTION IF EXISTS place_order(text, integer, integer, text, text, bigint, bigint, integer, text, bigint, bigint, integer, integer, text);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION place_order(
  p_token_hash text, p_user_id integer, p_product_id integer, p_request_id text, p_direction text, p_amount bigint,
  p_fee bigint, p_seconds integer, p_feed_source text, p_shown_price bigint, p_open_time bigint,
  p_wait_limit_ms integer, p_switch_settle_seconds integer, p_account text
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
  balance bigint;
  shut_until bigint;
begin
  -- the session first: unknown, expired, another user's, or its account locked (until locked_until, or until an
  -- operator unlocks when it has none) refuses before anything else is read; p_open_time is the server's clock
  perform 1 from sessions s join users u on u.id = s.user_id left join user_limits l on l.user_id = s.user_id
  where s.token_hash = p_token_hash and s.user_id = p_user_id and s.expires_at > p_open_time
    and not (u.locked and (u.locked_until is null or u.locked_until > p_open_time))
    and (l.session_limit_minutes is null or s.created_at + l.session_limit_minutes * 60 > p_open_time);
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
  select users.cash, users.practice, users.practice_opened_at, users.locked, users.locked_until, users.account_frozen_at into account from users where users.id = p_user_id for update;
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
  -- the customer's own limits, checked under the user's lock so that a change of them, another order of the
  -- same user and this one never interleave: the orders counted are every one committed before the lock
  if p_account = 'practice' then
    -- practice money is no money: none of the customer's money limits counts it, but a timeout or an exclusion
    -- stops every order (the session limit was checked with the session above)
    select greatest(l.timeout_until, l.excluded_until) into shut_until from user_limits l where l.user_id = p_user_id;
    if shut_until > p_open_time then
      return query select 'self_excluded'::text, null::integer, null::bigint, null::bigint, shut_until, null::integer;
      return;
    end if;
    -- the first practice order opens the practice balance (10 000.00, one ledger line), under this lock
    if account.practice_opened_at is null then
      perform open_practice_account(p_user_id, p_open_time);
      balance := account.practice + 1000000;
    else
      balance := account.practice;
    end if;
  else
    select r.refusal, r.resets_at into limits from order_limit_refusal(p_user_id, account.cash, p_amount, p_fee, p_open_time) r;
    if found then
      return query select limits.refusal, null::integer, null::bigint, null::bigint, limits.resets_at, null::integer;
      return;
    end if;
    balance := account.cash;
  end if;
  -- the newest committed tick (the ticks' primary key is (product_id, time): one index probe)
  select t.price, t.time into tick from ticks t where t.product_id = p_product_id order by t.time desc limit 1;
  if not found or p_open_time - tick.time > product.max_quote_age_seconds then
    return query select 'stale'::text, null::integer, null::bigint, null::bigint, null::bigint, null::integer;
    return;
  end if;
  -- a tick committed during the lock wait may carry the next second: the order opens then, never before its price
  opened := greatest(p_open_time, tick.time);
  select coalesce(sum(orders.amount), 0) into open_stake from orders
  where orders.user_id = p_user_id and orders.status = 'holding' and orders.product_id = p_product_id
    and orders.account = p_account;
  if open_stake + p_amount > product.total_max then
    return query select 'total_max'::text, null::integer, null::bigint, null::bigint, null::bigint, null::integer;
    return;
  end if;
  -- stake and fee together: a balance that covers the stake alone is refused here, never by the update below
  if balance < p_amount + p_fee then
    return query select 'balance'::text, null::integer, null::bigint, null::bigint, null::bigint, null::integer;
    return;
  end if;
  if p_shown_price is not null and abs(tick.price - p_shown_price) * 10000 > product.requote_tolerance_bps * tick.price then
    return query select 'price_moved'::text, null::integer, tick.price, tick.time, null::bigint, null::integer;
    return;
  end if;
  insert into orders (user_id, product_id, request_id, direction, amount, fee, seconds, payout_bps, open_price,
                      open_tick_time, open_time, expires_at, account)
  values (p_user_id, p_product_id, p_request_id, p_direction, p_amount, p_fee, p_seconds, payout, tick.price,
          tick.time, opened, opened + p_seconds, p_account)
  returning orders.id into found_id;
  -- covered, as checked above under the lock; the condition keeps the rule that no balance goes below zero
  if p_account = 'practice' then
    update users set practice = users.practice - (p_amount + p_fee)
    where users.id = p_user_id and users.practice >= p_amount + p_fee;
  else
    update users set cash = users.cash - (p_amount + p_fee) where users.id = p_user_id and users.cash >= p_amount + p_fee;
  end if;
  if not found then
    raise exception 'balance would go below zero for user %', p_user_id;
  end if;
  insert into ledger (user_id, account, delta, reason, reference, created_at)
  select p_user_id, case when p_account = 'practice' then 'practice' else 'cash' end, e.delta, e.reason, 'order:' || found_id, opened
  from (values (1, -p_amount, 'order_stake'), (2, -p_fee, 'order_fee')) as e(n, delta, reason)
  where e.delta <> 0
  order by e.n;
  return query select 'created'::text, found_id, tick.price, tick.time, opened, payout;
end
$fn$;
