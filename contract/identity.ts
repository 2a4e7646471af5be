/** Real-name verification, messages and invitations (the Mine pages). */
export type VerificationStatus = "none" | "review" | "passed" | "refused";

export interface VerificationState {
  status: VerificationStatus;
  name: string | null;
  /** masked */
  idNumber: string | null;
  reason: string | null;
}

/** What the real-name paths answer, by path name (contract/paths.ts). */
export interface IdentityAnswers {
  certificationState: VerificationState;
  certify: VerificationState;
}
