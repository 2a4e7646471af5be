import { call } from "@/api/client";
import type { WithRequestId } from "@/api/submission";
import type { CardType } from "#contract/cards";
import { apiPaths } from "#contract/paths";

export const fetchCards = () => call(apiPaths.bankCards);
export const addCard = (
  input: WithRequestId<{ type: CardType; bankName: string; branch: string; number: string; holder: string; payPassword: string }>,
) => call(apiPaths.addCard, input);
export const removeCard = (input: WithRequestId<{ id: number; payPassword: string }>) => call(apiPaths.deleteCard, input);
