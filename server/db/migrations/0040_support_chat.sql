CREATE TABLE "support_canned" (
	"id" serial PRIMARY KEY NOT NULL,
	"language" text NOT NULL,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"author" text NOT NULL,
	"operator_id" integer,
	"operator_name" text,
	"text" text,
	"upload_id" integer,
	"internal" boolean DEFAULT false NOT NULL,
	"record_kind" text,
	"record_id" integer,
	"request_id" text,
	"created_at" bigint NOT NULL,
	CONSTRAINT "support_lines_says_something" CHECK ("support_lines"."text" is not null or "support_lines"."upload_id" is not null or "support_lines"."record_id" is not null),
	CONSTRAINT "support_lines_note_by_operator" CHECK (not "support_lines"."internal" or "support_lines"."author" = 'operator')
);
--> statement-breakpoint
CREATE TABLE "support_threads" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"assignee_id" integer,
	"status" text DEFAULT 'waiting' NOT NULL,
	"last_line_id" integer,
	"last_at" bigint NOT NULL,
	"customer_unread" integer DEFAULT 0 NOT NULL,
	"operator_unread" integer DEFAULT 0 NOT NULL,
	"customer_read_up_to" integer DEFAULT 0 NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "support_lines" ADD CONSTRAINT "support_lines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_lines" ADD CONSTRAINT "support_lines_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_lines" ADD CONSTRAINT "support_lines_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_threads" ADD CONSTRAINT "support_threads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_threads" ADD CONSTRAINT "support_threads_assignee_id_operators_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_canned_language" ON "support_canned" USING btree ("language","id");--> statement-breakpoint
CREATE INDEX "support_lines_user" ON "support_lines" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "support_lines_request" ON "support_lines" USING btree ("user_id","request_id");--> statement-breakpoint
CREATE INDEX "support_lines_upload" ON "support_lines" USING btree ("upload_id");--> statement-breakpoint
CREATE INDEX "support_threads_last" ON "support_threads" USING btree ("last_at","user_id");--> statement-breakpoint
CREATE INDEX "support_threads_assignee" ON "support_threads" USING btree ("assignee_id");--> statement-breakpoint
-- the canned replies support starts with, in the ten languages; admin edits them in the console
INSERT INTO "support_canned" ("language", "title", "text", "updated_at") VALUES
('en', 'Greeting', 'Hello, this is customer service. How can we help you today?', 1795500040),
('en', 'Recharge details', 'Please send the amount, the time of the transfer and a screenshot of the receipt, and we will match your recharge.', 1795500040),
('en', 'Password reset', 'You can reset your login password yourself: tap "Forgot password" on the login page and enter the code sent to your phone.', 1795500040),
('de', 'Begrüßung', 'Hallo, hier ist der Kundenservice. Wie können wir Ihnen heute helfen?', 1795500040),
('de', 'Angaben zur Einzahlung', 'Bitte senden Sie uns den Betrag, den Zeitpunkt der Überweisung und einen Screenshot des Belegs, dann ordnen wir Ihre Einzahlung zu.', 1795500040),
('de', 'Passwort zurücksetzen', 'Sie können Ihr Anmeldepasswort selbst zurücksetzen: Tippen Sie auf der Anmeldeseite auf „Passwort vergessen“ und geben Sie den Code ein, der an Ihr Telefon gesendet wurde.', 1795500040),
('es', 'Saludo', 'Hola, le atiende el servicio al cliente. ¿En qué podemos ayudarle hoy?', 1795500040),
('es', 'Datos de la recarga', 'Envíenos el importe, la hora de la transferencia y una captura del comprobante, y asignaremos su recarga.', 1795500040),
('es', 'Restablecer la contraseña', 'Puede restablecer usted mismo su contraseña de acceso: toque «¿Olvidó la contraseña?» en la página de inicio de sesión e introduzca el código enviado a su teléfono.', 1795500040),
('fr', 'Accueil', 'Bonjour, ici le service client. Comment pouvons-nous vous aider aujourd’hui ?', 1795500040),
('fr', 'Détails de la recharge', 'Envoyez-nous le montant, l’heure du virement et une capture du reçu, et nous rapprocherons votre recharge.', 1795500040),
('fr', 'Réinitialiser le mot de passe', 'Vous pouvez réinitialiser vous-même votre mot de passe de connexion : touchez « Mot de passe oublié » sur la page de connexion et saisissez le code envoyé sur votre téléphone.', 1795500040),
('hk', '問候', '您好，這裡是客戶服務。今天有甚麼可以幫到您？', 1795500040),
('hk', '充值資料', '請發送金額、轉賬時間及收據截圖，我們會為您核對充值。', 1795500040),
('hk', '重設密碼', '您可以自行重設登入密碼：在登入頁點按「忘記密碼」，並輸入發送到您手機的驗證碼。', 1795500040),
('jp', 'ご挨拶', 'お問い合わせありがとうございます。カスタマーサービスです。本日はどのようなご用件でしょうか。', 1795500040),
('jp', '入金の詳細', '金額、振込の時刻、受領書のスクリーンショットをお送りください。入金を照合いたします。', 1795500040),
('jp', 'パスワードの再設定', 'ログインパスワードはご自身で再設定できます。ログイン画面の「パスワードをお忘れですか」をタップし、お使いの電話に送られたコードを入力してください。', 1795500040),
('kor', '인사', '안녕하세요, 고객센터입니다. 무엇을 도와드릴까요?', 1795500040),
('kor', '충전 정보', '금액, 이체 시각과 영수증 스크린샷을 보내 주시면 충전을 확인해 드리겠습니다.', 1795500040),
('kor', '비밀번호 재설정', '로그인 비밀번호는 직접 재설정할 수 있습니다. 로그인 페이지에서 "비밀번호 찾기"를 누르고 휴대폰으로 받은 코드를 입력하세요.', 1795500040),
('th', 'คำทักทาย', 'สวัสดีค่ะ ฝ่ายบริการลูกค้ายินดีให้บริการ วันนี้มีอะไรให้เราช่วยไหมคะ', 1795500040),
('th', 'รายละเอียดการเติมเงิน', 'กรุณาส่งจำนวนเงิน เวลาที่โอน และภาพหน้าจอของใบเสร็จ แล้วเราจะตรวจสอบการเติมเงินของคุณ', 1795500040),
('th', 'รีเซ็ตรหัสผ่าน', 'คุณรีเซ็ตรหัสผ่านเข้าสู่ระบบได้เอง: แตะ "ลืมรหัสผ่าน" ที่หน้าเข้าสู่ระบบ แล้วป้อนรหัสที่ส่งไปยังโทรศัพท์ของคุณ', 1795500040),
('zh', '问候', '您好，这里是客户服务。今天有什么可以帮您？', 1795500040),
('zh', '充值信息', '请发送金额、转账时间和收据截图，我们会为您核对充值。', 1795500040),
('zh', '重置密码', '您可以自行重置登录密码：在登录页点击“忘记密码”，并输入发送到您手机的验证码。', 1795500040),
('vi', 'Lời chào', 'Xin chào, đây là bộ phận chăm sóc khách hàng. Hôm nay chúng tôi có thể giúp gì cho bạn?', 1795500040),
('vi', 'Thông tin nạp tiền', 'Vui lòng gửi số tiền, thời gian chuyển khoản và ảnh chụp biên lai, chúng tôi sẽ đối chiếu khoản nạp của bạn.', 1795500040),
('vi', 'Đặt lại mật khẩu', 'Bạn có thể tự đặt lại mật khẩu đăng nhập: nhấn "Quên mật khẩu" trên trang đăng nhập và nhập mã được gửi đến điện thoại của bạn.', 1795500040);
