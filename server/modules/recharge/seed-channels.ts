import { count } from "drizzle-orm";

import type { Db } from "../../db/client";
import { depositChannels } from "../../db/schema";

/** First start: one deposit channel of each kind, for the demo. The operator replaces them. */
export async function seedDepositChannels(db: Db): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(depositChannels);
  if ((existing?.n ?? 0) > 0) return false;
  await db.insert(depositChannels).values([
    { type: "bank", name: "Example Bank — transfer", account: "6222 0200 1234 5678 901", note: "Holder: TradePWA Ltd. Branch: Central" },
    { type: "alipay", name: "Alipay", account: "pay@tradepwa.example", note: "" },
    { type: "wechat", name: "WeChat Pay", account: "tradepwa-deposits", note: "" },
    { type: "crypto", name: "USDT (TRC20)", account: "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE", note: "Send USDT on the TRON network only" },
  ]);
  return true;
}
