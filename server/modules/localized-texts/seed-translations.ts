import { sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";

import type { Translations } from "#contract/localized-texts";

import type { Db } from "../../db/client";
import { depositChannels, financePlans, products } from "../../db/schema";
import { PRODUCT_CATALOG } from "../../market/catalog";

/**
 * The seeded records' customer-facing texts in the nine languages beside English, keyed by the English text
 * the seed gave them. A language left out shows the English text: codes such as "USDT (TRC20)" read the same
 * everywhere. Products take theirs from the catalogue, which a new database is seeded with directly; this
 * fills the rows of a database seeded before names were translated.
 */
const PRODUCT_NAMES: Record<string, Translations> = Object.fromEntries(PRODUCT_CATALOG.map((product) => [product.name, product.nameTexts]));

const PLAN_TITLES: Record<string, Translations> = Object.fromEntries(
  [7, 30, 90].map((days) => [
    `Yuebao ${days}`,
    {
      de: `Yuebao ${days} Tage`,
      es: `Yuebao ${days} días`,
      fr: `Yuebao ${days} jours`,
      hk: `餘額寶 ${days} 天`,
      jp: `余額宝 ${days}日`,
      kor: `위어바오 ${days}일`,
      th: `Yuebao ${days} วัน`,
      vi: `Yuebao ${days} ngày`,
      zh: `余额宝 ${days} 天`,
    },
  ]),
);

const CHANNEL_NAMES: Record<string, Translations> = {
  "Example Bank — transfer": {
    de: "Beispielbank — Überweisung",
    es: "Banco de ejemplo — transferencia",
    fr: "Banque exemple — virement",
    hk: "示例銀行 — 轉賬",
    jp: "サンプル銀行 — 振込",
    kor: "예시 은행 — 계좌이체",
    th: "ธนาคารตัวอย่าง — โอนเงิน",
    vi: "Ngân hàng mẫu — chuyển khoản",
    zh: "示例银行 — 转账",
  },
  Alipay: { hk: "支付寶", jp: "アリペイ", kor: "알리페이", th: "อาลีเพย์", zh: "支付宝" },
  "WeChat Pay": { hk: "微信支付", jp: "WeChat Pay（微信支付）", kor: "위챗페이", zh: "微信支付" },
};

const CHANNEL_NOTES: Record<string, Translations> = {
  "Holder: TradePWA Ltd. Branch: Central": {
    de: "Inhaber: TradePWA Ltd. Filiale: Zentrale",
    es: "Titular: TradePWA Ltd. Sucursal: Central",
    fr: "Titulaire : TradePWA Ltd. Agence : Centrale",
    hk: "戶名：TradePWA Ltd. 分行：中環",
    jp: "名義：TradePWA Ltd. 支店：本店",
    kor: "예금주: TradePWA Ltd. 지점: 본점",
    th: "ชื่อบัญชี: TradePWA Ltd. สาขา: สำนักงานใหญ่",
    vi: "Chủ tài khoản: TradePWA Ltd. Chi nhánh: Trung tâm",
    zh: "户名：TradePWA Ltd. 支行：中心支行",
  },
  "Send USDT on the TRON network only": {
    de: "USDT nur über das TRON-Netzwerk senden",
    es: "Envíe USDT solo por la red TRON",
    fr: "Envoyez des USDT uniquement sur le réseau TRON",
    hk: "只可經 TRON 網絡轉入 USDT",
    jp: "USDTはTRONネットワークでのみ送金してください",
    kor: "USDT는 TRON 네트워크로만 보내세요",
    th: "โอน USDT ผ่านเครือข่าย TRON เท่านั้น",
    vi: "Chỉ gửi USDT qua mạng TRON",
    zh: "仅可通过 TRON 网络转入 USDT",
  },
};

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Sets `texts` of the rows whose `english` column still holds a seeded text and that were never translated. */
async function fill(tx: Tx, table: PgTable, english: PgColumn, texts: PgColumn, seeded: Record<string, Translations>) {
  for (const [text, translations] of Object.entries(seeded)) {
    await tx.execute(
      sql`update ${table} set ${sql.identifier(texts.name)} = ${JSON.stringify(translations)}::jsonb where ${english} = ${text} and ${texts} is null`,
    );
  }
}

/**
 * Gives the seeded products, plans and channels their translations, on first start and on the first start
 * after this feature arrived. Only records still carrying the seed's English text and never translated
 * (null) are touched, so an operator's edit, even one removing every translation, stays.
 */
export async function seedTranslations(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await fill(tx, products, products.name, products.nameTexts, PRODUCT_NAMES);
    await fill(tx, financePlans, financePlans.title, financePlans.titleTexts, PLAN_TITLES);
    await fill(tx, depositChannels, depositChannels.name, depositChannels.nameTexts, CHANNEL_NAMES);
    await fill(tx, depositChannels, depositChannels.note, depositChannels.noteTexts, CHANNEL_NOTES);
  });
}
