-- The catalogue's products added after the first release (forex crosses, metals, indices and energy, large-cap
-- stocks, crypto), for a database seeded before them. A new database is empty here and is seeded from the
-- catalogue after the migrations, so nothing is inserted into an empty products table. A product whose code
-- exists is left as it is (an operator may have changed it); running this again inserts nothing.
-- Written from server/market/catalog.ts; tests/server/catalog-migration.test.ts checks that they agree.
CREATE TEMPORARY TABLE "catalog_additions" ("code" text, "name" text, "name_texts" jsonb, "market" text, "calendar" text, "precision" integer, "base_price" bigint, "volatility_bps" integer, "sort_order" integer);
--> statement-breakpoint
INSERT INTO "catalog_additions" VALUES
	('AUDUSD', 'AUD/USD', '{"de":"AUD/USD","es":"AUD/USD","fr":"AUD/USD","hk":"AUD/USD","jp":"AUD/USD","kor":"AUD/USD","th":"AUD/USD","zh":"AUD/USD","vi":"AUD/USD"}'::jsonb, 'forex', 'fx24x5', 5, 65800, 1000, 103),
	('USDCAD', 'USD/CAD', '{"de":"USD/CAD","es":"USD/CAD","fr":"USD/CAD","hk":"USD/CAD","jp":"USD/CAD","kor":"USD/CAD","th":"USD/CAD","zh":"USD/CAD","vi":"USD/CAD"}'::jsonb, 'forex', 'fx24x5', 5, 136500, 700, 104),
	('USDCHF', 'USD/CHF', '{"de":"USD/CHF","es":"USD/CHF","fr":"USD/CHF","hk":"USD/CHF","jp":"USD/CHF","kor":"USD/CHF","th":"USD/CHF","zh":"USD/CHF","vi":"USD/CHF"}'::jsonb, 'forex', 'fx24x5', 5, 90200, 800, 105),
	('NZDUSD', 'NZD/USD', '{"de":"NZD/USD","es":"NZD/USD","fr":"NZD/USD","hk":"NZD/USD","jp":"NZD/USD","kor":"NZD/USD","th":"NZD/USD","zh":"NZD/USD","vi":"NZD/USD"}'::jsonb, 'forex', 'fx24x5', 5, 60100, 1000, 106),
	('EURGBP', 'EUR/GBP', '{"de":"EUR/GBP","es":"EUR/GBP","fr":"EUR/GBP","hk":"EUR/GBP","jp":"EUR/GBP","kor":"EUR/GBP","th":"EUR/GBP","zh":"EUR/GBP","vi":"EUR/GBP"}'::jsonb, 'forex', 'fx24x5', 5, 85300, 600, 107),
	('EURJPY', 'EUR/JPY', '{"de":"EUR/JPY","es":"EUR/JPY","fr":"EUR/JPY","hk":"EUR/JPY","jp":"EUR/JPY","kor":"EUR/JPY","th":"EUR/JPY","zh":"EUR/JPY","vi":"EUR/JPY"}'::jsonb, 'forex', 'fx24x5', 3, 164150, 900, 108),
	('GBPJPY', 'GBP/JPY', '{"de":"GBP/JPY","es":"GBP/JPY","fr":"GBP/JPY","hk":"GBP/JPY","jp":"GBP/JPY","kor":"GBP/JPY","th":"GBP/JPY","zh":"GBP/JPY","vi":"GBP/JPY"}'::jsonb, 'forex', 'fx24x5', 3, 192400, 1000, 109),
	('AUDJPY', 'AUD/JPY', '{"de":"AUD/JPY","es":"AUD/JPY","fr":"AUD/JPY","hk":"AUD/JPY","jp":"AUD/JPY","kor":"AUD/JPY","th":"AUD/JPY","zh":"AUD/JPY","vi":"AUD/JPY"}'::jsonb, 'forex', 'fx24x5', 3, 99600, 1200, 110),
	('EURCHF', 'EUR/CHF', '{"de":"EUR/CHF","es":"EUR/CHF","fr":"EUR/CHF","hk":"EUR/CHF","jp":"EUR/CHF","kor":"EUR/CHF","th":"EUR/CHF","zh":"EUR/CHF","vi":"EUR/CHF"}'::jsonb, 'forex', 'fx24x5', 5, 97800, 600, 111),
	('XPTUSD', 'Platinum XPT/USD', '{"de":"Platin XPT/USD","es":"Platino XPT/USD","fr":"Platine XPT/USD","hk":"鉑金 XPT/USD","jp":"プラチナ XPT/USD","kor":"백금 XPT/USD","th":"แพลทินัม XPT/USD","vi":"Bạch kim XPT/USD","zh":"铂金 XPT/USD"}'::jsonb, 'metals', 'fx24x5', 2, 98000, 2500, 114),
	('XPDUSD', 'Palladium XPD/USD', '{"de":"Palladium XPD/USD","es":"Paladio XPD/USD","fr":"Palladium XPD/USD","hk":"鈀金 XPD/USD","jp":"パラジウム XPD/USD","kor":"팔라듐 XPD/USD","th":"แพลเลเดียม XPD/USD","vi":"Palađi XPD/USD","zh":"钯金 XPD/USD"}'::jsonb, 'metals', 'fx24x5', 2, 102000, 3500, 115),
	('ES', 'S&P 500', '{"de":"S&P 500","es":"S&P 500","fr":"S&P 500","vi":"S&P 500","hk":"標普 500 指數","jp":"S&P500","kor":"S&P 500","th":"S&P 500","zh":"标普 500 指数"}'::jsonb, 'futures', 'cme_globex', 2, 525000, 1600, 118),
	('YM', 'Dow Jones 30', '{"de":"Dow Jones 30","es":"Dow Jones 30","fr":"Dow Jones 30","hk":"道瓊斯 30 指數","jp":"NYダウ30","kor":"다우존스 30","th":"ดาวโจนส์ 30","vi":"Dow Jones 30","zh":"道琼斯 30 指数"}'::jsonb, 'futures', 'cme_globex', 1, 390000, 1500, 119),
	('RTY', 'Russell 2000', '{"de":"Russell 2000","es":"Russell 2000","fr":"Russell 2000","vi":"Russell 2000","hk":"羅素 2000 指數","jp":"ラッセル2000","kor":"러셀 2000","th":"รัสเซลล์ 2000","zh":"罗素 2000 指数"}'::jsonb, 'futures', 'cme_globex', 2, 205000, 2200, 120),
	('NKD', 'Nikkei 225', '{"de":"Nikkei 225","es":"Nikkei 225","fr":"Nikkei 225","hk":"日經 225 指數","jp":"日経225","kor":"닛케이 225","th":"นิกเคอิ 225","vi":"Nikkei 225","zh":"日经 225 指数"}'::jsonb, 'futures', 'cme_globex', 1, 395000, 2000, 121),
	('BZ', 'Brent Crude Oil', '{"de":"Rohöl Brent","es":"Petróleo Brent","fr":"Pétrole Brent","hk":"布蘭特原油","jp":"ブレント原油","kor":"브렌트유","th":"น้ำมันดิบเบรนท์","vi":"Dầu Brent","zh":"布伦特原油"}'::jsonb, 'futures', 'cme_globex', 2, 8250, 3300, 122),
	('NG', 'Natural Gas', '{"de":"Erdgas","es":"Gas natural","fr":"Gaz naturel","hk":"天然氣","jp":"天然ガス","kor":"천연가스","th":"ก๊าซธรรมชาติ","vi":"Khí tự nhiên","zh":"天然气"}'::jsonb, 'futures', 'cme_globex', 4, 24500, 6000, 123),
	('HG', 'Copper', '{"de":"Kupfer","es":"Cobre","fr":"Cuivre","hk":"銅","jp":"銅","kor":"구리","th":"ทองแดง","vi":"Đồng","zh":"铜"}'::jsonb, 'futures', 'cme_globex', 4, 45000, 2500, 124),
	('MSFT', 'Microsoft', '{"de":"Microsoft","es":"Microsoft","fr":"Microsoft","vi":"Microsoft","hk":"微軟","jp":"マイクロソフト","kor":"마이크로소프트","th":"ไมโครซอฟท์","zh":"微软"}'::jsonb, 'stocks', 'us_equity', 2, 41500, 2500, 128),
	('AMZN', 'Amazon', '{"de":"Amazon","es":"Amazon","fr":"Amazon","vi":"Amazon","hk":"亞馬遜","jp":"アマゾン","kor":"아마존","th":"อเมซอน","zh":"亚马逊"}'::jsonb, 'stocks', 'us_equity', 2, 18000, 3200, 129),
	('GOOGL', 'Alphabet (Google)', '{"de":"Alphabet (Google)","es":"Alphabet (Google)","fr":"Alphabet (Google)","vi":"Alphabet (Google)","hk":"Alphabet（谷歌）","jp":"アルファベット（グーグル）","kor":"알파벳(구글)","th":"อัลฟาเบ็ต (กูเกิล)","zh":"Alphabet（谷歌）"}'::jsonb, 'stocks', 'us_equity', 2, 16500, 3000, 130),
	('META', 'Meta Platforms', '{"de":"Meta Platforms","es":"Meta Platforms","fr":"Meta Platforms","vi":"Meta Platforms","hk":"Meta（Facebook）","jp":"メタ・プラットフォームズ","kor":"메타 플랫폼스","th":"เมตา แพลตฟอร์มส","zh":"Meta（脸书）"}'::jsonb, 'stocks', 'us_equity', 2, 48000, 4000, 131),
	('AMD', 'AMD', '{"de":"AMD","es":"AMD","fr":"AMD","vi":"AMD","hk":"超微半導體","jp":"AMD","kor":"AMD","th":"เอเอ็มดี","zh":"超威半导体"}'::jsonb, 'stocks', 'us_equity', 2, 16000, 5500, 132),
	('JPM', 'JPMorgan Chase', '{"de":"JPMorgan Chase","es":"JPMorgan Chase","fr":"JPMorgan Chase","vi":"JPMorgan Chase","hk":"摩根大通","jp":"JPモルガン・チェース","kor":"JP모건 체이스","th":"เจพีมอร์แกน เชส","zh":"摩根大通"}'::jsonb, 'stocks', 'us_equity', 2, 19500, 2200, 133),
	('NFLX', 'Netflix', '{"de":"Netflix","es":"Netflix","fr":"Netflix","vi":"Netflix","hk":"網飛","jp":"ネットフリックス","kor":"넷플릭스","th":"เน็ตฟลิกซ์","zh":"奈飞"}'::jsonb, 'stocks', 'us_equity', 2, 62000, 4000, 134),
	('V', 'Visa', '{"de":"Visa","es":"Visa","fr":"Visa","vi":"Visa","hk":"Visa","jp":"ビザ","kor":"비자","th":"วีซ่า","zh":"维萨"}'::jsonb, 'stocks', 'us_equity', 2, 27500, 2200, 135),
	('SOLUSDT', 'SOL/USDT', '{"de":"SOL/USDT","es":"SOL/USDT","fr":"SOL/USDT","hk":"SOL/USDT","jp":"SOL/USDT","kor":"SOL/USDT","th":"SOL/USDT","zh":"SOL/USDT","vi":"SOL/USDT"}'::jsonb, 'crypto', 'crypto247', 3, 150000, 8500, 138),
	('BNBUSDT', 'BNB/USDT', '{"de":"BNB/USDT","es":"BNB/USDT","fr":"BNB/USDT","hk":"BNB/USDT","jp":"BNB/USDT","kor":"BNB/USDT","th":"BNB/USDT","zh":"BNB/USDT","vi":"BNB/USDT"}'::jsonb, 'crypto', 'crypto247', 2, 59000, 6000, 139),
	('XRPUSDT', 'XRP/USDT', '{"de":"XRP/USDT","es":"XRP/USDT","fr":"XRP/USDT","hk":"XRP/USDT","jp":"XRP/USDT","kor":"XRP/USDT","th":"XRP/USDT","zh":"XRP/USDT","vi":"XRP/USDT"}'::jsonb, 'crypto', 'crypto247', 5, 52000, 8000, 140),
	('ADAUSDT', 'ADA/USDT', '{"de":"ADA/USDT","es":"ADA/USDT","fr":"ADA/USDT","hk":"ADA/USDT","jp":"ADA/USDT","kor":"ADA/USDT","th":"ADA/USDT","zh":"ADA/USDT","vi":"ADA/USDT"}'::jsonb, 'crypto', 'crypto247', 5, 45000, 8000, 141),
	('DOGEUSDT', 'DOGE/USDT', '{"de":"DOGE/USDT","es":"DOGE/USDT","fr":"DOGE/USDT","hk":"DOGE/USDT","jp":"DOGE/USDT","kor":"DOGE/USDT","th":"DOGE/USDT","zh":"DOGE/USDT","vi":"DOGE/USDT"}'::jsonb, 'crypto', 'crypto247', 6, 150000, 10000, 142),
	('LTCUSDT', 'LTC/USDT', '{"de":"LTC/USDT","es":"LTC/USDT","fr":"LTC/USDT","hk":"LTC/USDT","jp":"LTC/USDT","kor":"LTC/USDT","th":"LTC/USDT","zh":"LTC/USDT","vi":"LTC/USDT"}'::jsonb, 'crypto', 'crypto247', 3, 82000, 7000, 143);
--> statement-breakpoint
INSERT INTO "products" ("code", "name", "name_texts", "market", "calendar", "precision", "base_price", "volatility_bps", "fee_bps", "single_min", "single_max", "total_max", "sort_order")
SELECT a."code", a."name", a."name_texts", a."market", a."calendar", a."precision", a."base_price", a."volatility_bps", 100, 1000, 5000000, 10000000, a."sort_order"
FROM "catalog_additions" a
WHERE EXISTS (SELECT 1 FROM "products")
ON CONFLICT ("code") DO NOTHING;
--> statement-breakpoint
-- the default ticket settings, for added products that have none yet
INSERT INTO "seconds_options" ("product_id", "seconds", "payout_bps", "min_amount", "max_amount")
SELECT p."id", o."seconds", o."payout_bps", o."min_amount", o."max_amount"
FROM "products" p
JOIN "catalog_additions" a ON a."code" = p."code"
CROSS JOIN (VALUES (30, 8000, 1000, 500000), (60, 8500, 1000, 1000000), (180, 8800, 5000, 2000000), (300, 9000, 10000, 5000000)) AS o("seconds", "payout_bps", "min_amount", "max_amount")
WHERE NOT EXISTS (SELECT 1 FROM "seconds_options" s WHERE s."product_id" = p."id");
--> statement-breakpoint
DROP TABLE "catalog_additions";
