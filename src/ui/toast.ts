import { atom } from "jotai";

import { TOAST_MS } from "#contract/constants";

import { store } from "./store";

export interface Toast {
  id: number;
  text: string;
  tone: "info" | "error" | "success";
}

export const toastsAtom = atom<Toast[]>([]);
let nextId = 1;

/** Shows a short message at the bottom of the screen: 2000 ms by default. */
export function showToast(text: string, options: { tone?: Toast["tone"]; ms?: number } = {}): void {
  const toast: Toast = { id: nextId++, text, tone: options.tone ?? "info" };
  store.set(toastsAtom, (toasts) => [...toasts.slice(-2), toast]);
  setTimeout(() => store.set(toastsAtom, (toasts) => toasts.filter((t) => t.id !== toast.id)), options.ms ?? TOAST_MS);
}
