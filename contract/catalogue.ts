/**
 * Messages shared by client and server: the error catalogue, its success messages and the field
 * labels used inside validation messages. Written as plain message descriptors marked for extraction
 * (`/*i18n*\/`) rather than macros, because the server runs them without a compile step.
 */
import { appErrorMessages, appSuccessMessages, type MessageDescriptor } from "./catalogue-shell";

export type { MessageDescriptor };

export const errorMessages = {
  ...appErrorMessages,
  username_incorrect: /*i18n*/ { id: "error.username_incorrect", message: "Username incorrect: use letters and digits" },
  user_not_found: /*i18n*/ { id: "error.user_not_found", message: "User does not exist" },
  wrong_password: /*i18n*/ { id: "error.wrong_password", message: "Wrong account or password, try again" },
  account_locked: /*i18n*/ { id: "error.account_locked", message: "Account locked, contact the administrator" },
  account_frozen: /*i18n*/ {
    id: "error.account_frozen",
    message: "Your account is frozen: trading, plans, exchanges and withdrawals are paused. Please contact customer service",
  },
  login_locked: /*i18n*/ {
    id: "error.login_locked",
    message: "Too many wrong passwords, try again in {minutes, plural, one {# minute} other {# minutes}}",
  },
  wrong_sms_code: /*i18n*/ { id: "error.wrong_sms_code", message: "Wrong verification code" },
  sms_too_soon: /*i18n*/ {
    id: "error.sms_too_soon",
    message: "The verification code is valid for five minutes, do not resend",
  },
  sms_daily_limit: /*i18n*/ {
    id: "error.sms_daily_limit",
    message: "Too many codes for this number today: try again tomorrow or contact customer service",
  },
  account_exists: /*i18n*/ { id: "error.account_exists", message: "Account already registered" },
  phone_taken: /*i18n*/ { id: "error.phone_taken", message: "This phone number already has an account" },
  eligibility_required: /*i18n*/ {
    id: "error.eligibility_required",
    message: "Confirm that you are 18 or older and have read the risk warning",
  },
  passwords_mismatch: /*i18n*/ { id: "error.passwords_mismatch", message: "The two passwords are inconsistent" },
  pay_passwords_mismatch: /*i18n*/ {
    id: "error.pay_passwords_mismatch",
    message: "The two fund passwords are inconsistent",
  },
  same_password: /*i18n*/ { id: "error.same_password", message: "The new password must differ from the old one" },
  invalid_inviter: /*i18n*/ { id: "error.invalid_inviter", message: "Invalid inviter" },
  registration_failed: /*i18n*/ { id: "error.registration_failed", message: "System busy, registration failed" },
  login_required: /*i18n*/ { id: "error.login_required", message: "Please log in first" },
  password_change_required: /*i18n*/ {
    id: "error.password_change_required",
    message: "Customer service has reset your password: please set a new login password first",
  },
  once_a_day: /*i18n*/ { id: "error.once_a_day", message: "Only once a day" },
  wrong_fund_password: /*i18n*/ { id: "error.wrong_fund_password", message: "Fund password wrong" },
  fund_password_locked: /*i18n*/ {
    id: "error.fund_password_locked",
    message: "Too many wrong fund passwords, try again in {minutes, plural, one {# minute} other {# minutes}}",
  },
  wrong_login_password: /*i18n*/ { id: "error.wrong_login_password", message: "Login password wrong" },
  already_verified: /*i18n*/ { id: "error.already_verified", message: "Already verified, do not verify again" },
  id_number_exists: /*i18n*/ { id: "error.id_number_exists", message: "ID number already exists" },
  wrong_name: /*i18n*/ { id: "error.wrong_name", message: "Wrong name" },
  wrong_id_number: /*i18n*/ { id: "error.wrong_id_number", message: "Wrong ID number" },
  card_exists: /*i18n*/ { id: "error.card_exists", message: "Bank card number already exists" },
  card_number_invalid: /*i18n*/ { id: "error.card_number_invalid", message: "A bank card number has 12 to 19 digits" },
  card_number_check: /*i18n*/ { id: "error.card_number_check", message: "This card number is not valid: check the digits" },
  card_holder_mismatch: /*i18n*/ {
    id: "error.card_holder_mismatch",
    message: "The card holder must be the name of your verified real-name account",
  },
  operation_failed: /*i18n*/ { id: "error.operation_failed", message: "Operation failed" },
  withdraw_time_limit: /*i18n*/ { id: "error.withdraw_time_limit", message: "Withdrawals are not available at this time of day" },
  withdraw_count_limit: /*i18n*/ { id: "error.withdraw_count_limit", message: "You have reached today's maximum number of withdrawals" },
  withdraw_real_name_required: /*i18n*/ {
    id: "error.withdraw_real_name_required",
    message: "Your first withdrawal needs a passed real-name verification: verify your identity first",
  },
  withdraw_amount_limit: /*i18n*/ {
    id: "error.withdraw_amount_limit",
    message: "The withdrawal amount is outside the allowed range of {min} to {max}",
  },
  holding_total_max: /*i18n*/ { id: "error.holding_total_max", message: "Holding maximum total amount is {max}" },
  single_max: /*i18n*/ { id: "error.single_max", message: "Single holding maximum is {max}" },
  single_min: /*i18n*/ { id: "error.single_min", message: "Single holding minimum is {min}" },
  balance_insufficient: /*i18n*/ { id: "error.balance_insufficient", message: "Balance insufficient" },
  amount_too_small: /*i18n*/ { id: "error.amount_too_small", message: "Amount must be at least {min}" },
  amount_too_large: /*i18n*/ { id: "error.amount_too_large", message: "Amount can be at most {max}" },
  out_of_range: /*i18n*/ { id: "error.out_of_range", message: "{field} must be between {min} and {max}" },
  product_not_found: /*i18n*/ { id: "error.product_not_found", message: "Symbol not found" },
  market_closed: /*i18n*/ { id: "error.market_closed", message: "The market is closed" },
  not_trading_time: /*i18n*/ { id: "error.not_trading_time", message: "Not trading time" },
  quote_stale: /*i18n*/ { id: "error.quote_stale", message: "Quotes are delayed, try again in a moment" },
  feed_uncommitted: /*i18n*/ {
    id: "error.feed_uncommitted",
    message: "No published price commitment covers this order's settlement time yet, so it was not placed; try again in a moment",
  },
  product_feed_busy: /*i18n*/ {
    id: "error.product_feed_busy",
    message: "Close the product for trading before changing where its prices come from; its open orders are then void and refunded",
  },
  feed_stale_seconds_range: /*i18n*/ { id: "error.feed_stale_seconds_range", message: "Stale seconds must be between 1 and {max}" },
  payout_rate_cap: /*i18n*/ { id: "error.payout_rate_cap", message: "{field}: a payout rate must be below 1 and at most {cap}" },
  option_seconds_min: /*i18n*/ { id: "error.option_seconds_min", message: "{field} must be at least {min} seconds" },
  expiry_not_offered: /*i18n*/ {
    id: "error.expiry_not_offered",
    message: "That expiry time is no longer offered (buying closes 30 seconds before it): choose another",
  },
  price_moved: /*i18n*/ { id: "error.price_moved", message: "The price moved to {price}; the order was not placed" },
  order_not_found: /*i18n*/ { id: "error.order_not_found", message: "Order not found" },
  card_required: /*i18n*/ { id: "error.card_required", message: "Bind a bank card or payment channel first" },
  card_not_found: /*i18n*/ { id: "error.card_not_found", message: "Bank card not found" },
  card_in_use: /*i18n*/ {
    id: "error.card_in_use",
    message: "A withdrawal to this card is under review; it can be removed once it is done",
  },
  channel_not_found: /*i18n*/ { id: "error.channel_not_found", message: "Payment channel not found" },
  upload_invalid: /*i18n*/ { id: "error.upload_invalid", message: "Only PNG, JPEG or WebP images can be uploaded" },
  upload_too_large: /*i18n*/ { id: "error.upload_too_large", message: "The image is larger than 5 MB" },
  upload_quota: /*i18n*/ { id: "error.upload_quota", message: "Too many images uploaded today, use the ones you have or try tomorrow" },
  screenshot_used: /*i18n*/ { id: "error.screenshot_used", message: "This screenshot has already been used for a recharge" },
  record_not_found: /*i18n*/ { id: "error.record_not_found", message: "Record not found" },
  already_reviewed: /*i18n*/ { id: "error.already_reviewed", message: "This request has already been reviewed" },
  already_joined: /*i18n*/ { id: "error.already_joined", message: "No repeat investment in a plan already joined" },
  append_required: /*i18n*/ { id: "error.append_required", message: "An appended amount is needed before income can be earned" },
  plan_not_found: /*i18n*/ { id: "error.plan_not_found", message: "Plan not found" },
  subscription_not_found: /*i18n*/ { id: "error.subscription_not_found", message: "Subscription not found" },
  subscription_closed: /*i18n*/ { id: "error.subscription_closed", message: "This subscription is already settled" },
  agreement_required: /*i18n*/ { id: "error.agreement_required", message: "Please read and tick the agreement" },
  verification_pending: /*i18n*/ { id: "error.verification_pending", message: "Your verification is under review" },
  message_not_found: /*i18n*/ { id: "error.message_not_found", message: "Message not found" },
  content_not_found: /*i18n*/ { id: "error.content_not_found", message: "Content not found" },
  verification_failed: /*i18n*/ { id: "error.verification_failed", message: "Verification failed" },
  field_required: /*i18n*/ { id: "error.field_required", message: "{field} is required" },
  field_too_long: /*i18n*/ { id: "error.field_too_long", message: "{field} is too long" },
  invalid_input: /*i18n*/ { id: "error.invalid_input", message: "{field} is invalid" },
  password_length: /*i18n*/ { id: "error.password_length", message: "{field} must be 6-16 characters" },
  phone_invalid: /*i18n*/ { id: "error.phone_invalid", message: "Phone number is invalid" },
  malformed_request: /*i18n*/ { id: "error.malformed_request", message: "The request could not be read" },
  request_reused: /*i18n*/ {
    id: "error.request_reused",
    message: "This request number was already used for different details; submit the form again",
  },
  request_too_large: /*i18n*/ { id: "error.request_too_large", message: "The request is too large" },
  not_found: /*i18n*/ { id: "error.not_found", message: "Not found" },
  rate_limited: /*i18n*/ { id: "error.rate_limited", message: "Too many requests, try again later" },
  server_error: /*i18n*/ { id: "error.server_error", message: "System busy, try again later" },
  ops_forbidden: /*i18n*/ { id: "error.ops_forbidden", message: "Operator token required" },
  ops_login_failed: /*i18n*/ { id: "error.ops_login_failed", message: "Wrong username, password or authenticator code" },
  ops_login_locked: /*i18n*/ {
    id: "error.ops_login_locked",
    message: "Too many wrong attempts, try again in {minutes, plural, one {# minute} other {# minutes}}",
  },
  ops_role_forbidden: /*i18n*/ { id: "error.ops_role_forbidden", message: "Your operator role does not allow this" },
  ops_origin_forbidden: /*i18n*/ {
    id: "error.ops_origin_forbidden",
    message: "This request came from another site's page and was refused; use the console at its own address",
  },
  second_approval_required: /*i18n*/ {
    id: "error.second_approval_required",
    message: "This request needs a second approval from a different operator",
  },
  ops_person_required: /*i18n*/ {
    id: "error.ops_person_required",
    message: "Only a signed-in person may do this; the machine token can only read",
  },
  operator_exists: /*i18n*/ { id: "error.operator_exists", message: "An operator with this name already exists" },
  ops_setup_invalid: /*i18n*/ { id: "error.ops_setup_invalid", message: "The setup code is wrong or has already been used" },
  ops_password_short: /*i18n*/ { id: "error.ops_password_short", message: "An operator password needs at least 12 characters" },
  ops_password_has_name: /*i18n*/ { id: "error.ops_password_has_name", message: "The password must not contain the operator's name" },
  ops_password_common: /*i18n*/ {
    id: "error.ops_password_common",
    message: "This password is on the list of common passwords; choose another",
  },
  ops_password_reused: /*i18n*/ {
    id: "error.ops_password_reused",
    message: "This password was one of your last 5; choose a new one",
  },
  ops_last_admin: /*i18n*/ {
    id: "error.ops_last_admin",
    message: "The last active admin cannot be disabled or given another role",
  },
  ops_not_self: /*i18n*/ { id: "error.ops_not_self", message: "You cannot disable your own account or change your own role" },
  ops_step_required: /*i18n*/ {
    id: "error.ops_step_required",
    message: "Set your new password or enrol your authenticator first",
  },
  ops_totp_enrolled: /*i18n*/ {
    id: "error.ops_totp_enrolled",
    message: "Your authenticator is already enrolled; an admin can reset it if the phone is lost",
  },
  ops_code_wrong: /*i18n*/ { id: "error.ops_code_wrong", message: "The authenticator code is wrong or has been used" },
  payout_not_approved: /*i18n*/ {
    id: "error.payout_not_approved",
    message: "Only an approved withdrawal can be marked paid or failed",
  },
  payout_already_marked: /*i18n*/ {
    id: "error.payout_already_marked",
    message: "This withdrawal's payment has already been marked paid or failed",
  },
  payout_reference_used: /*i18n*/ {
    id: "error.payout_reference_used",
    message: "This bank reference is already recorded for another payment on this channel",
  },
  correction_wrong_direction: /*i18n*/ {
    id: "error.correction_wrong_direction",
    message: "A correction goes against what it corrects: a credit is corrected by a debit, a debit by a credit",
  },
  correction_exceeded: /*i18n*/ {
    id: "error.correction_exceeded",
    message: "Corrections of one record may total at most its own amount; {max} is left to correct",
  },
  ops_own_customer: /*i18n*/ {
    id: "error.ops_own_customer",
    message: "This is a customer account you hold: another operator must review it",
  },
  limit_reached: /*i18n*/ {
    id: "error.limit_reached",
    message: "You have reached a limit you set yourself: {field}",
  },
  self_excluded: /*i18n*/ {
    id: "error.self_excluded",
    message: "You have paused your account until {date} (UTC). It cannot be ended early",
  },
  totp_required: /*i18n*/ { id: "error.totp_required", message: "Enter the 6-digit code from your authenticator app" },
  totp_wrong: /*i18n*/ { id: "error.totp_wrong", message: "Wrong or already used authentication code" },
  totp_enabled: /*i18n*/ { id: "error.totp_enabled", message: "Two-step sign-in is already on" },
  totp_not_set_up: /*i18n*/ { id: "error.totp_not_set_up", message: "Start the two-step sign-in setup first" },
  totp_off: /*i18n*/ { id: "error.totp_off", message: "Two-step sign-in is not on" },
  session_not_found: /*i18n*/ { id: "error.session_not_found", message: "This session has already ended" },
  customer_two_step_off: /*i18n*/ {
    id: "error.customer_two_step_off",
    message: "This customer has not turned on two-step sign-in: there is nothing to turn off",
  },
  two_step_reset_pending: /*i18n*/ {
    id: "error.two_step_reset_pending",
    message: "A proposal to turn off this customer's two-step sign-in is already waiting for a second person",
  },
} satisfies Record<string, MessageDescriptor>;

export type ErrorKey = keyof typeof errorMessages;

export const successMessages = {
  ...appSuccessMessages,
  registered: /*i18n*/ { id: "success.registered", message: "Registration success" },
  logged_in: /*i18n*/ { id: "success.logged_in", message: "Login success" },
  logged_out: /*i18n*/ { id: "success.logged_out", message: "Logged out" },
  sms_sent: /*i18n*/ { id: "success.sms_sent", message: "Verification code sent" },
  reset_code_sent: /*i18n*/ {
    id: "success.reset_code_sent",
    message: "If this number belongs to an account, a verification code is on its way to it",
  },
  password_reset: /*i18n*/ { id: "success.password_reset", message: "Your password was reset: log in with the new one" },
  done: /*i18n*/ { id: "success.done", message: "Operation successful" },
  added: /*i18n*/ { id: "success.added", message: "Added" },
  deleted: /*i18n*/ { id: "success.deleted", message: "Deleted" },
  uploaded: /*i18n*/ { id: "success.uploaded", message: "Uploaded" },
  recharge_submitted: /*i18n*/ { id: "success.recharge_submitted", message: "Recharge request submitted, awaiting approval" },
  withdraw_submitted: /*i18n*/ { id: "success.withdraw_submitted", message: "Withdrawal submitted, wait for review" },
  appended: /*i18n*/ { id: "success.appended", message: "Additional amount added" },
  joined: /*i18n*/ { id: "success.joined", message: "Joined the plan" },
  settled: /*i18n*/ { id: "success.settled", message: "Settled: principal and profit returned to cash" },
  renewing: /*i18n*/ { id: "success.renewing", message: "This plan will renew at maturity" },
  verification_submitted: /*i18n*/ { id: "success.verification_submitted", message: "Submitted, waiting for review" },
  signed_in: /*i18n*/ { id: "success.signed_in", message: "Signed in: bonus added to your cash" },
} satisfies Record<string, MessageDescriptor>;

export type SuccessKey = keyof typeof successMessages;

/** Labels of request fields, filled into validation messages ("Phone number is required"). */
export const fieldLabels = {
  account: /*i18n*/ { id: "field.account", message: "Account" },
  maxBalance: /*i18n*/ { id: "field.maxBalance", message: "Balance limit" },
  maxTurnover1d: /*i18n*/ { id: "field.maxTurnover1d", message: "Daily turnover limit" },
  maxTurnover7d: /*i18n*/ { id: "field.maxTurnover7d", message: "7-day turnover limit" },
  maxTurnover30d: /*i18n*/ { id: "field.maxTurnover30d", message: "30-day turnover limit" },
  maxLosses1d: /*i18n*/ { id: "field.maxLosses1d", message: "Daily loss limit" },
  maxLosses7d: /*i18n*/ { id: "field.maxLosses7d", message: "7-day loss limit" },
  maxLosses30d: /*i18n*/ { id: "field.maxLosses30d", message: "30-day loss limit" },
  maxDeposit1d: /*i18n*/ { id: "field.maxDeposit1d", message: "Daily deposit limit" },
  maxDeposit7d: /*i18n*/ { id: "field.maxDeposit7d", message: "7-day deposit limit" },
  maxDeposit30d: /*i18n*/ { id: "field.maxDeposit30d", message: "30-day deposit limit" },
  maxOpenPositions: /*i18n*/ { id: "field.maxOpenPositions", message: "Open positions limit" },
  sessionMinutes: /*i18n*/ { id: "field.sessionMinutes", message: "Session time limit" },
  realityCheckMinutes: /*i18n*/ { id: "field.realityCheckMinutes", message: "Reality check interval" },
  timeoutUntil: /*i18n*/ { id: "field.timeoutUntil", message: "Timeout end" },
  excludedUntil: /*i18n*/ { id: "field.excludedUntil", message: "Self-exclusion end" },
  password: /*i18n*/ { id: "field.password", message: "Password" },
  password2: /*i18n*/ { id: "field.password2", message: "Password again" },
  price: /*i18n*/ { id: "field.price", message: "Price" },
  payPassword: /*i18n*/ { id: "field.payPassword", message: "Fund password" },
  payPassword2: /*i18n*/ { id: "field.payPassword2", message: "Fund password again" },
  oldPassword: /*i18n*/ { id: "field.oldPassword", message: "Old password" },
  oldPayPassword: /*i18n*/ { id: "field.oldPayPassword", message: "Old fund password" },
  phone: /*i18n*/ { id: "field.phone", message: "Phone number" },
  smsCode: /*i18n*/ { id: "field.smsCode", message: "Verification code" },
  inviteCode: /*i18n*/ { id: "field.inviteCode", message: "Invitation code" },
  request: /*i18n*/ { id: "field.request", message: "Request" },
  pid: /*i18n*/ { id: "field.pid", message: "Symbol" },
  pids: /*i18n*/ { id: "field.pids", message: "Symbols" },
  market: /*i18n*/ { id: "field.market", message: "Market" },
  period: /*i18n*/ { id: "field.period", message: "Period" },
  limit: /*i18n*/ { id: "field.limit", message: "Number of candles" },
  direction: /*i18n*/ { id: "field.direction", message: "Direction" },
  seconds: /*i18n*/ { id: "field.seconds", message: "Settlement time" },
  amount: /*i18n*/ { id: "field.amount", message: "Amount" },
  requestId: /*i18n*/ { id: "field.requestId", message: "Request number" },
  id: /*i18n*/ { id: "field.id", message: "Order number" },
  page: /*i18n*/ { id: "field.page", message: "Page" },
  from: /*i18n*/ { id: "field.from", message: "Exchange direction" },
  type: /*i18n*/ { id: "field.type", message: "Type" },
  bankName: /*i18n*/ { id: "field.bankName", message: "Bank name" },
  branch: /*i18n*/ { id: "field.branch", message: "Opening bank" },
  number: /*i18n*/ { id: "field.number", message: "Card number" },
  holder: /*i18n*/ { id: "field.holder", message: "Account holder" },
  channelId: /*i18n*/ { id: "field.channelId", message: "Payment channel" },
  screenshot: /*i18n*/ { id: "field.screenshot", message: "Transfer screenshot" },
  cardId: /*i18n*/ { id: "field.cardId", message: "Bank card" },
  planId: /*i18n*/ { id: "field.planId", message: "Plan" },
  name: /*i18n*/ { id: "field.name", message: "Name" },
  idNumber: /*i18n*/ { id: "field.idNumber", message: "ID number" },
  agree: /*i18n*/ { id: "field.agree", message: "Agreement" },
  kind: /*i18n*/ { id: "field.kind", message: "Content type" },
  withdrawFeeRate: /*i18n*/ { id: "field.withdrawFeeRate", message: "Withdrawal fee rate" },
  coinRate: /*i18n*/ { id: "field.coinRate", message: "Coin rate" },
  payoutCap: /*i18n*/ { id: "field.payoutCap", message: "Payout rate cap" },
  firstWithdrawalRealName: /*i18n*/ { id: "field.firstWithdrawalRealName", message: "Real-name check before the first withdrawal" },
  window: /*i18n*/ { id: "field.window", message: "Withdrawal hours" },
  timezone: /*i18n*/ { id: "field.timezone", message: "Platform time zone" },
  withdrawMin: /*i18n*/ { id: "field.withdrawMin", message: "Smallest withdrawal" },
  withdrawMax: /*i18n*/ { id: "field.withdrawMax", message: "Largest withdrawal" },
  dailyCount: /*i18n*/ { id: "field.dailyCount", message: "Withdrawals a day" },
  rechargeMin: /*i18n*/ { id: "field.rechargeMin", message: "Smallest recharge" },
  rechargeApproveMax: /*i18n*/ { id: "field.rechargeApproveMax", message: "Largest recharge an operator may approve" },
  dualApprovalAbove: /*i18n*/ { id: "field.dualApprovalAbove", message: "Two approvals above" },
  dailyRate: /*i18n*/ { id: "field.dailyRate", message: "Daily rate" },
  feeRate: /*i18n*/ { id: "field.feeRate", message: "Trading fee rate" },
  options: /*i18n*/ { id: "field.options", message: "Settlement options" },
  reason: /*i18n*/ { id: "field.reason", message: "Reason" },
  on: /*i18n*/ { id: "field.on", message: "Favourite" },
  result: /*i18n*/ { id: "field.result", message: "Result" },
  since: /*i18n*/ { id: "field.since", message: "From date" },
  until: /*i18n*/ { id: "field.until", message: "To date" },
  days: /*i18n*/ { id: "field.days", message: "Number of days" },
  offset: /*i18n*/ { id: "field.offset", message: "Time zone" },
  address: /*i18n*/ { id: "field.address", message: "Address" },
  lat: /*i18n*/ { id: "field.lat", message: "Latitude" },
  lng: /*i18n*/ { id: "field.lng", message: "Longitude" },
  cursor: /*i18n*/ { id: "field.cursor", message: "Page position" },
  sort: /*i18n*/ { id: "field.sort", message: "Sort by" },
  order: /*i18n*/ { id: "field.order", message: "Sort order" },
  q: /*i18n*/ { id: "field.q", message: "Search" },
  status: /*i18n*/ { id: "field.status", message: "Status" },
  minAmount: /*i18n*/ { id: "field.minAmount", message: "Smallest amount" },
  maxAmount: /*i18n*/ { id: "field.maxAmount", message: "Largest amount" },
  state: /*i18n*/ { id: "field.state", message: "Account state" },
  ledgerKind: /*i18n*/ { id: "field.ledgerKind", message: "Entry kind" },
  balance: /*i18n*/ { id: "field.balance", message: "Balance" },
  actor: /*i18n*/ { id: "field.actor", message: "Operator" },
  action: /*i18n*/ { id: "field.action", message: "Action" },
  target: /*i18n*/ { id: "field.target", message: "Target" },
  proposer: /*i18n*/ { id: "field.proposer", message: "Proposed by" },
  decider: /*i18n*/ { id: "field.decider", message: "Decided by" },
  code: /*i18n*/ { id: "field.code", message: "Authentication code" },
  all: /*i18n*/ { id: "field.all", message: "All other sessions" },
  text: /*i18n*/ { id: "field.text", message: "Message" },
  image: /*i18n*/ { id: "field.image", message: "Picture" },
  recordId: /*i18n*/ { id: "field.recordId", message: "Linked record" },
} satisfies Record<string, MessageDescriptor>;

export type FieldName = keyof typeof fieldLabels;

export function isFieldName(value: unknown): value is FieldName {
  return typeof value === "string" && Object.hasOwn(fieldLabels, value);
}

/**
 * The in-app message a customer gets when an operator reviews a request of theirs, stored in the customer's
 * language; a refusal always carries the operator's reason.
 */
export const reviewNotices = {
  recharge_approved: {
    title: /*i18n*/ { id: "notice.recharge_approved.title", message: "Recharge approved" },
    body: /*i18n*/ { id: "notice.recharge_approved.body", message: "Your recharge of {amount} has been credited to your cash." },
  },
  recharge_rejected: {
    title: /*i18n*/ { id: "notice.recharge_rejected.title", message: "Recharge rejected" },
    body: /*i18n*/ { id: "notice.recharge_rejected.body", message: "Your recharge of {amount} was rejected. Reason: {reason}" },
  },
  withdrawal_approved: {
    title: /*i18n*/ { id: "notice.withdrawal_approved.title", message: "Withdrawal approved" },
    body: /*i18n*/ {
      id: "notice.withdrawal_approved.body",
      message: "Your withdrawal of {amount} was approved and is being paid out: {actual} after the fee.",
    },
  },
  withdrawal_paid: {
    title: /*i18n*/ { id: "notice.withdrawal_paid.title", message: "Withdrawal paid" },
    body: /*i18n*/ {
      id: "notice.withdrawal_paid.body",
      message: "Your withdrawal of {amount} has been paid out: {actual} after the fee. Bank reference: {reference}",
    },
  },
  withdrawal_failed: {
    title: /*i18n*/ { id: "notice.withdrawal_failed.title", message: "Withdrawal failed" },
    body: /*i18n*/ {
      id: "notice.withdrawal_failed.body",
      message: "Your withdrawal of {amount} could not be paid out and the whole amount is back in your cash. Reason: {reason}",
    },
  },
  withdrawal_rejected: {
    title: /*i18n*/ { id: "notice.withdrawal_rejected.title", message: "Withdrawal rejected" },
    body: /*i18n*/ {
      id: "notice.withdrawal_rejected.body",
      message: "Your withdrawal of {amount} was rejected and the money is back in your cash. Reason: {reason}",
    },
  },
  verification_passed: {
    title: /*i18n*/ { id: "notice.verification_passed.title", message: "Real-name verification passed" },
    body: /*i18n*/ { id: "notice.verification_passed.body", message: "Your real-name verification has passed." },
  },
  verification_refused: {
    title: /*i18n*/ { id: "notice.verification_refused.title", message: "Real-name verification refused" },
    body: /*i18n*/ { id: "notice.verification_refused.body", message: "Your real-name verification was refused. Reason: {reason}" },
  },
} satisfies Record<string, { title: MessageDescriptor; body: MessageDescriptor }>;

/** The in-app message after a password reset by SMS code: if it was not the customer, they should act at once. */
export const passwordResetNotice = {
  title: /*i18n*/ { id: "notice.password_reset.title", message: "Your login password was reset" },
  body: /*i18n*/ {
    id: "notice.password_reset.body",
    message:
      "Your login password was reset with a code sent to your phone, and every device was signed out. If this was not you, contact customer service at once.",
  },
} satisfies { title: MessageDescriptor; body: MessageDescriptor };

/** Added to an approval's message when the operator gave a note. */
export const reviewNote: MessageDescriptor = /*i18n*/ { id: "notice.review_note", message: "Note from the reviewer: {note}" };

export type ReviewNotice = keyof typeof reviewNotices;

/**
 * The in-app message a customer gets when a manual adjustment of their cash is applied, in their language, with
 * the reason the operator gave (the same reason their funds records show).
 */
export const adjustmentNotices = {
  credit: {
    title: /*i18n*/ { id: "notice.adjustment_credit.title", message: "Cash credited" },
    body: /*i18n*/ {
      id: "notice.adjustment_credit.body",
      message: "{amount} has been added to your cash by an adjustment. Reason: {reason}",
    },
  },
  debit: {
    title: /*i18n*/ { id: "notice.adjustment_debit.title", message: "Cash debited" },
    body: /*i18n*/ {
      id: "notice.adjustment_debit.body",
      message: "{amount} has been taken from your cash by an adjustment. Reason: {reason}",
    },
  },
} satisfies Record<string, { title: MessageDescriptor; body: MessageDescriptor }>;

/**
 * The in-app message of a sign-in from a device the account had not been used on: what the device was, from
 * where and when, and where to end the session if it was not the customer.
 */
export const newDeviceNotice = {
  title: /*i18n*/ { id: "notice.new_device.title", message: "New sign-in to your account" },
  body: /*i18n*/ {
    id: "notice.new_device.body",
    message:
      "Your account was signed in to on a device not used before: {device}, from address {address}, at {time} (UTC). If this was not you, end that session under Mine → Security → Sessions and change your login password.",
  },
} satisfies { title: MessageDescriptor; body: MessageDescriptor };

/**
 * The in-app message after customer service switched off two-step sign-in for a lost phone: what happened, that
 * every session ended, how to set it up again, and what to do if the customer did not ask for it.
 */
export const twoStepResetNotice = {
  title: /*i18n*/ { id: "notice.two_step_reset.title", message: "Two-step sign-in turned off" },
  body: /*i18n*/ {
    id: "notice.two_step_reset.body",
    message:
      "Customer service turned off two-step sign-in on your account at {time} (UTC), after you reported a lost phone, and ended every session. Log in with your password and set two-step sign-in up again under Mine → Security. If you did not ask for this, contact customer service at once.",
  },
} satisfies { title: MessageDescriptor; body: MessageDescriptor };

/** A session's device in words, from its browser's user agent ("Chrome on Android"). */
export const deviceWords = {
  browserOnSystem: /*i18n*/ { id: "device.browser_on_system", message: "{browser} on {system}" },
  browserOnly: /*i18n*/ { id: "device.browser_only", message: "{browser} browser" },
  systemOnly: /*i18n*/ { id: "device.system_only", message: "A browser on {system}" },
  unknown: /*i18n*/ { id: "device.unknown", message: "Unknown device" },
} satisfies Record<string, MessageDescriptor>;

/** Units written after amounts in server-made texts ("0,5000 Coin"); cash is the currency sign, the same in every language. */
export const unitWords = {
  coin: /*i18n*/ { id: "unit.coin", message: "coin" },
} satisfies Record<string, MessageDescriptor>;
