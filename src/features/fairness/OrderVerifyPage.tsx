import "./fairness.css";

import { useLingui } from "@lingui/react/macro";
import { Link, useRouter } from "@tanstack/react-router";
import { useEffect, useMemo, useState } from "react";

import { NavBar } from "@/ui/NavBar";
import { OfflineBanner } from "@/ui/OfflineBanner";
import type { FairOrderProof } from "#contract/fair";

import { ContradictionWarning } from "./ContradictionWarning";
import { useContradictions } from "./use-contradictions";
import { type OrderStep, verifyOrder } from "./verify/verify-order";
import { VerifySteps } from "./VerifySteps";

const minuteOf = (time: number) => Math.floor(time / 60);

/**
 * "Verify" on an order: its proof (GET /api/fair/order) checked here, in the browser, step by step. The proof's
 * commitments and heads are also compared with what this device was shown before.
 */
export function OrderVerifyPage({ proof, offlineSince }: { proof: FairOrderProof; offlineSince?: number }) {
  const { t } = useLingui();
  const router = useRouter();
  const [steps, setSteps] = useState<OrderStep[] | null>(null);
  const { found, checkCommitments, checkHeads } = useContradictions();
  const symbols = useMemo(() => new Map([[proof.pid, proof.symbol]]), [proof.pid, proof.symbol]);

  useEffect(() => {
    let current = true;
    setSteps(null);
    void verifyOrder(proof).then((result) => {
      if (current) setSteps(result);
    });
    return () => {
      current = false;
    };
  }, [proof]);

  useEffect(() => {
    if (offlineSince !== undefined) return;
    const sides = [proof.entry, proof.exit].filter((side) => side !== null);
    const minutes = [...new Set(sides.flatMap((side) => (side.ticks[0] ? [minuteOf(side.ticks[0].time)] : [])))];
    void checkCommitments(proof.commitments, minutes);
    void checkHeads(
      proof.pid,
      sides.flatMap((side) => (side.head ? [side.head] : [])),
      minutes,
    );
  }, [proof, offlineSince, checkCommitments, checkHeads]);

  const failed = steps?.some((step) => step.status === "fail");
  const waiting = steps?.some((step) => step.status === "pending" || step.status === "unavailable");
  const summary = !steps
    ? { state: "checking", text: t`Checking…` }
    : failed
      ? { state: "fail", text: t`✗ A check failed: see the step marked below.` }
      : waiting
        ? { state: "wait", text: t`Not every step can be checked yet.` }
        : { state: "pass", text: t`✓ Every check passed: the prices of this order were fixed before it was placed.` };
  const id = proof.id;
  return (
    <main className="page" aria-busy={steps ? undefined : true}>
      <NavBar title={t`Verify order`} />
      {offlineSince !== undefined && <OfflineBanner since={offlineSince} />}
      <ContradictionWarning found={found} symbols={symbols} />
      <p className="ticket-rule">{t`Order ${id} · ${proof.symbol}. Computed on this device from the published record, without trusting the server.`}</p>
      <p
        className={`fair-summary fair-${summary.state === "pass" ? "pass" : summary.state === "fail" ? "fail" : "wait"}`}
        role="status"
        data-testid="verify-summary"
        data-state={summary.state}
      >
        {summary.text}
      </p>
      {proof.status === "void" && (
        <p className="ticket-rule" data-testid="verify-void">
          {t`This order is void: its amount and fee were returned. The failed step shows which price nobody could have checked.`}
        </p>
      )}
      {steps && <VerifySteps steps={steps} />}
      <div className="fair-links">
        {waiting && (
          <button type="button" className="button" onClick={() => void router.invalidate()} disabled={offlineSince !== undefined}>
            {t`Check again`}
          </button>
        )}
        <Link to="/pages/public/fairness" search={{ pid: proof.pid }} className="button">
          {t`How it works`}
        </Link>
      </div>
    </main>
  );
}
