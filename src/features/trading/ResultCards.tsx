import "./result-card.css";

import { useEffect, useState } from "react";

import { fetchOrder } from "@/api/trading";
import { onUpdate } from "@/api/updates";
import type { Order } from "#contract/trading";

import { ResultCard } from "./ResultCard";

/** How long a card stays unless tapped. */
const CARD_MS = 6000;
/** Cards shown at once; an older one gives way to a newer. */
const MAX_CARDS = 3;

/** True while the trade screen of this product is open: it shows the result on its chart itself. */
function tradeScreenShows(pid: number): boolean {
  const [path, query = ""] = window.location.hash.slice(1).split("?");
  return path === "/pages/trade/trade" && new URLSearchParams(query).get("pid") === String(pid);
}

/**
 * The results of the customer's orders as they settle, over whatever screen is open, told by the update stream.
 * Each is read once from the server (the figures come from the order, not from the event).
 */
export function ResultCards() {
  const [cards, setCards] = useState<Order[]>([]);
  useEffect(
    () =>
      onUpdate((event) => {
        if (event.kind !== "order_settled" || tradeScreenShows(event.data.pid)) return;
        void fetchOrder(event.data.orderId, { quiet: true }).then((answer) => {
          if (answer.code !== 1 || answer.data.status !== "closed") return;
          const order = answer.data;
          setCards((current) => (current.some((card) => card.id === order.id) ? current : [...current, order].slice(-MAX_CARDS)));
          setTimeout(() => setCards((current) => current.filter((card) => card.id !== order.id)), CARD_MS);
        });
      }),
    [],
  );
  if (cards.length === 0) return null;
  return (
    <div className="result-cards">
      {cards.map((order) => (
        <ResultCard key={order.id} order={order} onClose={() => setCards((current) => current.filter((card) => card.id !== order.id))} />
      ))}
    </div>
  );
}
