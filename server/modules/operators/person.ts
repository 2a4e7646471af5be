import { AppError } from "../errors";
import type { OperatorIdentity } from "./service";

/**
 * The person who answers for a change to someone's account (a customer's or an operator's): the machine token
 * names nobody, so it makes none. Answers the person's operator id.
 */
export function requirePerson(actor: OperatorIdentity): number {
  if (actor.id === null) throw new AppError("ops_person_required");
  return actor.id;
}
