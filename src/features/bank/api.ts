import { apiPaths } from "../../../contract/paths";
import type { BankCard, CardType } from "../../../contract/wallet";
import { call } from "../../api/client";

export const fetchCards = () => call<BankCard[]>(apiPaths.bankCards);
export const addCard = (input: { type: CardType; bankName: string; branch: string; number: string; holder: string; payPassword: string }) =>
  call<BankCard>(apiPaths.addCard, input);
