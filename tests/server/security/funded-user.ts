import { endpoints } from "#contract/endpoints";
import { opsEndpoints } from "#contract/ops";

import { withCheckDigit } from "../card-numbers";
import { api, type Harness, registerUser, rid, type Served } from "../harness";
import { uploadFile } from "../images";
import { staff } from "../staff";

export interface FundedUser {
  account: string;
  password: string;
  payPassword: string;
  token: string;
  cardId: number;
  cardNumber: string;
  uploadUrl: string;
}

let cardCounter = 0;

/** A PNG screenshot uploaded by the customer; its URL. */
export async function uploadPng(h: Served, token: string): Promise<string> {
  const { body } = await uploadFile(h, token);
  if (body.code !== 1) throw new Error(`upload failed: ${body.msg}`);
  return body.data.url as string;
}

/** A registered user funded the honest way (a recharge the operator approved), with one bound bank card. */
export async function fundedUser(h: Harness, account: string, cash = "5000"): Promise<FundedUser> {
  const password = "login123";
  const payPassword = "fund1234";
  const { token, answer } = await registerUser(h, account, password, payPassword);
  if (!token) throw new Error(`registration of ${account} failed: ${answer.body.msg}`);
  const uploadUrl = await uploadPng(h, token);
  const channelId = (await api(h, endpoints.rechargeInfo, {}, { token })).body.data.channels[0]!.id;
  const recharge = await api(
    h,
    endpoints.recharge,
    { channelId: String(channelId), amount: cash, screenshot: uploadUrl, requestId: rid("fund") },
    { token },
  );
  await api(h, opsEndpoints.reviewRecharge, { id: String(recharge.body.data.id), decision: "approve" }, await staff(h, "finance"));
  const cardNumber = withCheckDigit(`62220${String(Date.now() % 1e7).padStart(7, "0")}${String(cardCounter++).padStart(3, "0")}`);
  const card = await api(
    h,
    endpoints.addCard,
    { type: "bank", bankName: `${account} Bank`, number: cardNumber, holder: account, payPassword, requestId: rid("card") },
    { token },
  );
  if (card.body.code !== 1) throw new Error(`card for ${account} failed: ${card.body.msg}`);
  return { account, password, payPassword, token, cardId: card.body.data.id, cardNumber, uploadUrl };
}
