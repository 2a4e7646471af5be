import { useAtomValue } from "jotai";

import { toastsAtom } from "./toast";

export function ToastHost() {
  const toasts = useAtomValue(toastsAtom);
  return (
    <div className="toasts" role="status" aria-live="polite">
      {toasts.map((toast) => (
        <p key={toast.id} className={`toast toast-${toast.tone}`}>
          {toast.text}
        </p>
      ))}
    </div>
  );
}
