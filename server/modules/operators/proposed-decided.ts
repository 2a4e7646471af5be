/** The who and when of a two-person change (a manual adjustment, a two-step switch-off) as the console lists it. */
export interface ProposedAndDecided {
  proposedBy: number;
  proposedByName: string;
  proposedAt: number;
  decidedByName: string | null;
  decidedAt: number | null;
}

/** Picks those fields from a stored row, which also keeps the decider's id (never shown: the name is). */
export const proposedAndDecidedOf = (row: ProposedAndDecided): ProposedAndDecided => ({
  proposedBy: row.proposedBy,
  proposedByName: row.proposedByName,
  proposedAt: row.proposedAt,
  decidedByName: row.decidedByName,
  decidedAt: row.decidedAt,
});
