-- The activity centre draws the daily sign-in itself (its card with the button); the seeded activity of the same name
-- listed it a second time. A seeded row still holding exactly the seeded text goes; a row an operator edited stays.
DELETE FROM "contents" WHERE "item" = $seed$activity-signin$seed$ AND "lang" = $seed$en$seed$
  AND "title" = $seed$Daily sign-in$seed$ AND "summary" = $seed$Sign in once a day for a small cash bonus.$seed$ AND "body" = $seed$<p>Open the activity centre and sign in once a day. The bonus is credited to your cash at once.</p>$seed$;
--> statement-breakpoint
DELETE FROM "contents" WHERE "item" = $seed$activity-signin$seed$ AND "lang" = $seed$de$seed$
  AND "title" = $seed$Täglicher Check-in$seed$ AND "summary" = $seed$Checken Sie einmal täglich ein und erhalten Sie einen kleinen Bargeldbonus.$seed$ AND "body" = $seed$<p>Öffnen Sie das Aktionscenter und checken Sie einmal täglich ein. Der Bonus wird Ihrem Guthaben sofort gutgeschrieben.</p>$seed$;
--> statement-breakpoint
DELETE FROM "contents" WHERE "item" = $seed$activity-signin$seed$ AND "lang" = $seed$es$seed$
  AND "title" = $seed$Check-in diario$seed$ AND "summary" = $seed$Haga check-in una vez al día y reciba un pequeño bono en efectivo.$seed$ AND "body" = $seed$<p>Abra el centro de actividades y haga check-in una vez al día. El bono se abona a su saldo de inmediato.</p>$seed$;
--> statement-breakpoint
DELETE FROM "contents" WHERE "item" = $seed$activity-signin$seed$ AND "lang" = $seed$fr$seed$
  AND "title" = $seed$Check-in quotidien$seed$ AND "summary" = $seed$Faites votre check-in une fois par jour pour recevoir un petit bonus en espèces.$seed$ AND "body" = $seed$<p>Ouvrez le centre d'activités et faites votre check-in une fois par jour. Le bonus est immédiatement crédité sur votre solde.</p>$seed$;
--> statement-breakpoint
DELETE FROM "contents" WHERE "item" = $seed$activity-signin$seed$ AND "lang" = $seed$hk$seed$
  AND "title" = $seed$每日簽到$seed$ AND "summary" = $seed$每天簽到一次，即可獲得小額現金獎勵。$seed$ AND "body" = $seed$<p>打開活動中心，每天簽到一次。獎勵將即時存入您的現金餘額。</p>$seed$;
--> statement-breakpoint
DELETE FROM "contents" WHERE "item" = $seed$activity-signin$seed$ AND "lang" = $seed$jp$seed$
  AND "title" = $seed$毎日チェックイン$seed$ AND "summary" = $seed$1日1回のチェックインで少額の現金ボーナスを獲得できます。$seed$ AND "body" = $seed$<p>アクティビティセンターを開き、1日1回チェックインしてください。ボーナスはすぐに現金残高に反映されます。</p>$seed$;
--> statement-breakpoint
DELETE FROM "contents" WHERE "item" = $seed$activity-signin$seed$ AND "lang" = $seed$kor$seed$
  AND "title" = $seed$매일 출석 체크$seed$ AND "summary" = $seed$하루 한 번 출석 체크하고 소액 현금 보너스를 받으세요.$seed$ AND "body" = $seed$<p>이벤트 센터를 열고 하루에 한 번 출석 체크하세요. 보너스는 즉시 현금 잔액에 지급됩니다.</p>$seed$;
--> statement-breakpoint
DELETE FROM "contents" WHERE "item" = $seed$activity-signin$seed$ AND "lang" = $seed$th$seed$
  AND "title" = $seed$เช็กอินรายวัน$seed$ AND "summary" = $seed$เช็กอินวันละครั้งเพื่อรับโบนัสเงินสดเล็กน้อย$seed$ AND "body" = $seed$<p>เปิดศูนย์กิจกรรมและเช็กอินวันละครั้ง โบนัสจะเข้ายอดเงินสดของคุณทันที</p>$seed$;
--> statement-breakpoint
DELETE FROM "contents" WHERE "item" = $seed$activity-signin$seed$ AND "lang" = $seed$zh$seed$
  AND "title" = $seed$每日签到$seed$ AND "summary" = $seed$每天签到一次，即可获得小额现金奖励。$seed$ AND "body" = $seed$<p>打开活动中心，每天签到一次。奖励将立即计入您的现金余额。</p>$seed$;
--> statement-breakpoint
DELETE FROM "contents" WHERE "item" = $seed$activity-signin$seed$ AND "lang" = $seed$vi$seed$
  AND "title" = $seed$Điểm danh hằng ngày$seed$ AND "summary" = $seed$Điểm danh mỗi ngày một lần để nhận khoản thưởng tiền mặt nhỏ.$seed$ AND "body" = $seed$<p>Mở trung tâm hoạt động và điểm danh mỗi ngày một lần. Tiền thưởng được cộng ngay vào số dư tiền mặt của bạn.</p>$seed$;
