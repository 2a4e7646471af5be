import { api, type Harness, rid } from "./harness";
import { residentId } from "./resident-ids";
import { opsCall } from "./staff";

let sequence = 0;

/**
 * Passes the customer's real-name verification the way it happens for real: the customer submits name and ID
 * number, an operator passes it from the queue. Each call uses a new ID number (one per account). Answers the
 * operator's review.
 */
export async function passRealName(h: Harness, token: string, name = "Real Name") {
  // each test file has a database of its own, so a sequence within the file keeps the numbers apart
  const idNumber = residentId("19700707", sequence++, "440305");
  const submitted = await api(h, "POST", "/api/user/certification", { requestId: rid(), name, idNumber, agree: "1" }, { token });
  if (submitted.body.code !== 1) throw new Error(`real-name submission refused: ${submitted.body.msg}`);
  const pending = (await opsCall(h, "GET", "/api/ops/verifications")).body.data.items.find(
    (v: { idNumber: string }) => v.idNumber === idNumber,
  );
  return opsCall(h, "POST", "/api/ops/verification/review", { id: String(pending.id), decision: "pass" });
}
