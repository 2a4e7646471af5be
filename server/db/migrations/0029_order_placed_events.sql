-- The console hears of every order placed (the dashboard's figures, the open exposure), in the placing
-- transaction. A trigger rather than a line in place_order: the order is written by one function call in one
-- round trip, and whatever writes an order row tells the console without remembering to.
CREATE FUNCTION tell_console_order_placed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO events (user_id, audience, kind, payload, created_at)
  VALUES (NULL, 'ops', 'order_placed', jsonb_build_object('orderId', NEW.id, 'pid', NEW.product_id), NEW.open_time);
  -- delivered at commit, never on a rollback; several in one transaction are sent once
  PERFORM pg_notify('app_events', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_tell_console AFTER INSERT ON orders FOR EACH ROW EXECUTE FUNCTION tell_console_order_placed();
